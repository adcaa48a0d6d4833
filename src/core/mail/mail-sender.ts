import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ClsService } from 'nestjs-cls';
import { Counter } from 'prom-client';
import type { Environment } from '../../config/environment';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { Metrics } from '../metrics/metrics';
import { claimDueRows, retryIn } from '../outbox/due-rows';
import { PollingWorker } from '../outbox/polling-worker';
import type { Locale, MailKind } from './mail-kinds';
import { renderMail } from './mail-template';
import { MailerService } from './mailer.service';
import { MAIL_TEMPLATES } from './templates';

/** Messages one sender claims at a time; the pooled transport sends them over its connections. */
const BATCH_SIZE = 50;
/** Longer than nodemailer's own timeouts (connection 2 min, greeting 30 s, socket 10 min is the worst). */
const LEASE_SECONDS = 15 * 60;

interface ClaimedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  locale: Locale;
  params: Record<string, string>;
  attempts: number;
}

/**
 * The mail sender of every instance (CONTRACT 23): claims due messages of the outbox, renders
 * each from its template and hands it to the mail server. Sent, its values are dropped; refused
 * or not taken, it is retried on MAIL_RETRY_SCHEDULE, and failed after the last attempt or at
 * once when the server refuses the recipient for good (a 5xx reply).
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailSender');
  private readonly worker: PollingWorker;
  private stopped = false;
  private readonly appUrl: string | undefined;
  private readonly retrySchedule: number[];
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly db: Db,
    private readonly mailer: MailerService,
    cls: ClsService,
    metrics: Metrics,
    config: ConfigService<Environment, true>,
  ) {
    this.worker = new PollingWorker('MailSender', cls, config.get('MAIL_POLL_MS', { infer: true }), () => this.drain());
    this.appUrl = config.get('APP_URL', { infer: true });
    this.retrySchedule = config.get('MAIL_RETRY_SCHEDULE', { infer: true });
    this.outcomes = new Counter({
      name: 'mail_messages_total',
      help: 'Mail attempts by outcome: sent, retrying (another attempt is scheduled), failed (no attempt left)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.worker.stop();
  }

  /** Sends what is due, batch after batch, until a batch comes back short. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await claimDueRows<ClaimedMail>(
        this.db,
        'mail_outbox',
        BATCH_SIZE,
        LEASE_SECONDS,
        sql`status = 'pending'`,
      );
      await Promise.all(claimed.map((mail) => this.send(mail)));
      if (claimed.length < BATCH_SIZE) return;
    }
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const rendered = renderMail(MAIL_TEMPLATES[mail.kind], mail.locale, mail.params, this.appUrl);
    try {
      await this.mailer.send({ to: mail.recipient, ...rendered });
    } catch (error) {
      await this.failed(mail, error);
      return;
    }
    await this.db.affected(sql`
      UPDATE mail_outbox SET status = 'sent', sent_at = now(), next_attempt_at = NULL, params = NULL, last_error = NULL
      WHERE id = ${mail.id}`);
    this.outcomes.inc({ outcome: 'sent' });
  }

  private async failed(mail: ClaimedMail, error: unknown): Promise<void> {
    const { responseCode, message } = error as { responseCode?: number; message?: string };
    const refusedForGood = responseCode !== undefined && responseCode >= 500;
    const nextIn = refusedForGood ? null : retryIn(mail.attempts, this.retrySchedule);
    await this.db.affected(sql`
      UPDATE mail_outbox
      SET status = ${nextIn === null ? 'failed' : 'pending'},
          next_attempt_at = now() + make_interval(secs => ${nextIn}::float8),
          last_error = ${String(message ?? error).slice(0, 500)}
      WHERE id = ${mail.id}`);
    this.outcomes.inc({ outcome: nextIn === null ? 'failed' : 'retrying' });
    this.logger.warn(`Mail ${mail.id} (${mail.kind}) not sent, attempt ${mail.attempts}: ${String(message ?? error)}`);
  }
}
