import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { raw, Sql, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { AppException } from '../http/app.exception';
import { listPage, Where } from '../pagination/list';
import type { Page } from '../pagination/page';
import type { PageQueryDto } from '../pagination/page-query.dto';
import { MailKind, SWITCHED_BY } from './mail-kinds';
import { MailMessageEntity, MailStatus } from './mail-message.entity';

export type MailParams = Record<string, string>;

const mailOutbox = new Table(MailMessageEntity);

/** What the console shows of a message: never its values (a one-time code or link among them). */
const SHOWN = [
  'id',
  'kind',
  'recipient',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'sent_at',
  'created_at',
] as const;

export type MailMessage = Pick<Row<MailMessageEntity>, (typeof SHOWN)[number]>;

export interface MailFilter {
  status?: MailStatus;
  kind?: MailKind;
  /** The address, matched exactly but case-insensitively. */
  recipient?: string;
}

/**
 * Writes messages to the mail outbox (CONTRACT 23) on the caller's transaction: a rolled-back
 * change sends nothing, a committed one is sent by a MailSender. Each message goes in the
 * recipient account's language (Russian for an address without an account), and not at all to
 * an account that switched its kind off (GET/PATCH /account/notifications). The console lists
 * the outbox and queues a failed message again (`/admin/mail`).
 */
@Injectable()
export class MailOutbox {
  constructor(private readonly db: Db) {}

  /** To an e-mail address, whether or not it has an account (an invitation). */
  async toAddress(kind: MailKind, email: string, params: MailParams): Promise<void> {
    await this.db.affected(sql`
      INSERT INTO mail_outbox (kind, recipient, locale, params)
      SELECT ${kind}, ${email}, coalesce((SELECT locale FROM account_profiles WHERE email = lower(${email})), 'ru'),
        ${params}::jsonb`);
  }

  /** To an account, unless it switched the kind off; `name` is the account's unless given. */
  async toAccount(kind: MailKind, accountId: string, params: MailParams): Promise<void> {
    await this.insertFor(kind, sql`a.id = ${accountId}`, params);
  }

  /** To every administrator of level 4 or more (CONTRACT 21) who lets the kind through. */
  async toAdministrators(kind: MailKind, params: MailParams): Promise<void> {
    await this.insertFor(kind, sql`a.is_admin AND a.admin_level >= 4`, params);
  }

  /** Newest first. */
  list(filter: MailFilter, query: PageQueryDto): Promise<Page<MailMessage>> {
    const where = new Where(sql`TRUE`).equals('m.status', filter.status).equals('m.kind', filter.kind);
    if (filter.recipient !== undefined) where.and(sql`lower(m.recipient) = lower(${filter.recipient})`);
    return listPage(
      this.db,
      {
        from: 'mail_outbox m',
        where,
        orderBy: 'm.created_at DESC, m.id DESC',
        key: ['m.id'],
        select: mailOutbox.answer('m', SHOWN),
      },
      query,
    );
  }

  /**
   * Queues a failed message again, due at once; its attempts count on, so a refusal of the retry
   * follows MAIL_RETRY_SCHEDULE from there (a spent schedule fails it at once). It still has its
   * values: only a sent message drops them. A pending or sent one: 409; unknown: 404.
   */
  async retry(id: string): Promise<MailMessage> {
    const queued = await this.db.one<MailMessage>(sql`
      UPDATE mail_outbox m SET status = 'pending', next_attempt_at = now()
      WHERE m.id = ${id} AND m.status = 'failed'
      RETURNING ${raw(mailOutbox.answer('m', SHOWN))}`);
    if (queued) return queued;
    const found = await this.db.one<{ status: MailStatus }>(sql`SELECT status FROM mail_outbox WHERE id = ${id}`);
    if (!found) throw AppException.notFound('Message');
    throw AppException.conflict(`Only a failed message can be retried; this one is ${found.status}`);
  }

  private async insertFor(kind: MailKind, recipients: Sql, params: MailParams): Promise<void> {
    const setting = SWITCHED_BY[kind];
    // The setting's name is one of NOTIFICATION_SETTINGS, a column of account_notifications.
    const allowed = setting ? sql`coalesce(n.${raw(setting)}, true)` : sql`true`;
    await this.db.affected(sql`
      INSERT INTO mail_outbox (kind, recipient, locale, params)
      SELECT ${kind}, a.email, a.locale, jsonb_build_object('name', a.name) || ${params}::jsonb
      FROM account_profiles a LEFT JOIN account_notifications n ON n.account_id = a.id
      WHERE ${recipients} AND ${allowed}`);
  }
}
