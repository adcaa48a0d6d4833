import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ClsService } from 'nestjs-cls';
import { Counter, Gauge } from 'prom-client';
import { Metrics } from '../../../core/metrics/metrics';
import { retryIn } from '../../../core/outbox/due-rows';
import { PollingWorker } from '../../../core/outbox/polling-worker';
import { Sweeper } from '../../../core/outbox/sweeper';
import { SecretBox } from '../../../config/secret-box';
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
 * The delivery worker of every instance (CONTRACT 19): claims due deliveries (core/outbox's
 * claimDueRows, so instances share the work), posts each signed event, records the outcome and schedules retries.
 * No database connection is held while a receiver is called, and requests never wait for it.
 */
@Injectable()
export class WebhookDeliverer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDeliverer');
  private readonly worker: PollingWorker;
  private readonly forgetter: Sweeper;
  private stopped = false;
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly webhooks: WebhooksRepository,
    cls: ClsService,
    private readonly secretBox: SecretBox,
    metrics: Metrics,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {
    this.outcomes = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Delivery attempts by outcome: delivered, retrying (failed, another attempt is scheduled), failed (no attempt left)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    this.worker = new PollingWorker('Webhook delivery', cls, settings.pollMs, () => this.drain());
    this.forgetter = new Sweeper('Webhook events clean-up', cls, FORGET_EVERY_MS, FORGET_BATCH, (limit) =>
      this.webhooks.forgetOldEvents(EVENTS_KEPT_DAYS, limit),
    );
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
    this.worker.start();
    this.forgetter.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.forgetter.stop(), this.worker.stop()]);
  }

  /** Forgets the events older than EVENTS_KEPT_DAYS that wait for no delivery. */
  forgetOldEvents(): Promise<void> {
    return this.forgetter.sweep();
  }

  /** Delivers what is due, batch after batch, until a batch comes back short. */
  private async drain(): Promise<void> {
    const lease = Math.ceil(this.settings.timeoutMs / 1000) + 30;
    while (!this.stopped) {
      const claimed = await this.webhooks.claimDue(BATCH_SIZE, lease);
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      if (claimed.length < BATCH_SIZE) return;
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.post(delivery);
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      await this.webhooks.delivered(delivery, outcome.statusCode);
      this.outcomes.inc({ outcome: 'delivered' });
      return;
    }
    const nextIn = retryIn(delivery.attempts, this.settings.retrySchedule);
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
      'webhook-signature': delivery.secrets
        .map((sealed) => signature(this.secretBox.open(sealed), delivery.id, timestamp, body))
        .join(' '),
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
