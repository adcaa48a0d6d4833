import { Logger } from '@nestjs/common';
import type { ClsService } from 'nestjs-cls';

/**
 * A background loop of every instance over a database work table: a round every `pollMs`, in a
 * context of its own (never a request's, nor its transaction), one round at a time; `nudge`
 * runs one soon after new work is queued. A failed round is logged, never thrown: a background
 * task must not take the process down. `stop` waits for the round under way.
 */
export class PollingWorker {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(
    private readonly name: string,
    private readonly cls: ClsService,
    private readonly pollMs: number,
    private readonly round: () => Promise<void>,
  ) {
    this.logger = new Logger(name);
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.pollMs);
  }

  /** A round as soon as the one under way (if any) ends. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.cls
        .run({ ifNested: 'override' }, () => this.round())
        .catch((error: unknown) => this.logger.error({ err: error }, `${this.name} round failed`))
        .finally(() => {
          this.running = undefined;
          const now = this.again;
          this.again = false;
          this.schedule(now ? 0 : this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
