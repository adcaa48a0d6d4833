import { Inject, Injectable, Logger } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ClsService } from 'nestjs-cls';
import { Counter, Gauge } from 'prom-client';
import { Metrics } from '../../../core/metrics/metrics';
import { OutboxWorker, retryIn } from '../../../core/outbox/outbox-worker';
import { WEBHOOK_SETTINGS, WebhookSettings } from './webhook-settings';
import { signature } from './webhook-signature';
import { checkWebhookUrl, publicOnlyLookup, UnsafeWebhookUrl } from './webhook-url';
import { ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

/** Deliveries one worker claims at a time. */
const BATCH_SIZE = 20;
/** A webhook all of whose attempts failed this long is switched off (CONTRACT 19). */
const DEACTIVATE_AFTER_DAYS = 5;
/** Finished events and their deliveries are kept this long, then forgotten (hourly, in batches). */
export const EVENTS_KEPT_DAYS = 30;
const FORGET_EVERY_MS = 60 * 60 * 1000;
const FORGET_BATCH = 5_000;

type Outcome = { statusCode: number | null; error: string | null };

/**
 * The delivery worker of every instance (CONTRACT 19): claims due deliveries (SKIP LOCKED, so
 * instances share the work), posts each signed event, records the outcome and schedules retries.
 * No database connection is held while a receiver is called, and requests never wait for it.
 */
@Injectable()
export class WebhookDeliverer extends OutboxWorker<ClaimedDelivery> {
  protected readonly logger = new Logger('WebhookDeliverer');
  private forgetTimer?: NodeJS.Timeout;
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly webhooks: WebhooksRepository,
    cls: ClsService,
    metrics: Metrics,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {
    super(cls, {
      pollMs: settings.pollMs,
      batchSize: BATCH_SIZE,
      leaseSeconds: Math.ceil(settings.timeoutMs / 1000) + 30,
    });
    this.outcomes = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Delivery attempts by outcome: delivered, retrying (failed, another attempt is scheduled), failed (no attempt left)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    const outbox = this.webhooks;
    new Gauge({
      name: 'webhook_outbox_oldest_pending_seconds',
      help: 'Age of the oldest event still waiting to be delivered to a webhook (0 when none waits)',
      registers: [metrics.registry],
      async collect() {
        this.set(await outbox.oldestPendingAge());
      },
    });
  }

  onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.forgetTimer = setInterval(() => void this.forgetOldEvents(), FORGET_EVERY_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.forgetTimer);
    await super.onApplicationShutdown();
  }

  /** Forgets the events older than EVENTS_KEPT_DAYS that wait for no delivery. */
  async forgetOldEvents(): Promise<void> {
    try {
      await this.cls.run({ ifNested: 'override' }, async () => {
        while ((await this.webhooks.forgetOldEvents(EVENTS_KEPT_DAYS, FORGET_BATCH)) === FORGET_BATCH);
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Could not forget old webhook events');
    }
  }

  protected claim(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    return this.webhooks.claimDue(limit, leaseSeconds);
  }

  protected async handle(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.post(delivery);
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      await this.webhooks.delivered(delivery, outcome.statusCode);
      this.outcomes.inc({ outcome: 'delivered' });
      return;
    }
    const nextIn = retryIn(this.settings.retrySchedule, delivery.attempts);
    await this.webhooks.attemptFailed(
      delivery,
      outcome.statusCode,
      outcome.error ?? `HTTP ${outcome.statusCode}`,
      nextIn,
      DEACTIVATE_AFTER_DAYS,
    );
    this.outcomes.inc({ outcome: nextIn === null ? 'failed' : 'retrying' });
  }

  /** One attempt: the event posted with the Standard Webhooks headers, within the timeout. */
  private async post(delivery: ClaimedDelivery): Promise<Outcome> {
    let url: URL;
    try {
      url = await checkWebhookUrl(delivery.url, this.settings.allowPrivate);
    } catch (error) {
      if (error instanceof UnsafeWebhookUrl) return { statusCode: null, error: `URL refused: ${error.message}` };
      throw error;
    }
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'business-platform-webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': delivery.secrets.map((secret) => signature(secret, delivery.id, timestamp, body)).join(' '),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Outcome>((resolve) => {
      const req = send(url, {
        method: 'POST',
        headers,
        agent: false,
        // Resolved again and checked here, and the connection goes to the address checked.
        lookup: publicOnlyLookup(this.settings.allowPrivate) as never,
      });
      const deadline = setTimeout(
        () => req.destroy(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      );
      const settle = (outcome: Outcome) => {
        clearTimeout(deadline);
        resolve(outcome);
      };
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => settle({ statusCode: res.statusCode ?? null, error: null }));
        res.on('error', (error) => settle({ statusCode: res.statusCode ?? null, error: error.message }));
      });
      req.on('error', (error) => settle({ statusCode: null, error: error.message }));
      req.end(body);
    });
  }
}
