import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { raw, Sql, sql } from '../../database/sql';
import { MailKind, SWITCHED_BY } from './mail-kinds';

export type MailParams = Record<string, string>;

/**
 * Writes messages to the mail outbox (CONTRACT 23) on the caller's transaction: a rolled-back
 * change sends nothing, a committed one is sent by a MailSender. Each message goes in the
 * recipient account's language (Russian for an address without an account), and not at all to
 * an account that switched its kind off (GET/PATCH /account/notifications).
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
