import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import { AccountEntity } from './account.entity';
import { NOTIFICATION_SETTINGS } from '../../../core/mail/mail-kinds';
import { AccountNotificationsEntity } from './account-notifications.entity';
import type { AccountDto } from './dto/account.dto';
import type { NotificationsDto, UpdateNotificationsDto } from './dto/notifications.dto';

export const accounts = new Table(AccountEntity);
const ACCOUNT = accounts.select();
const notificationSettings = new Table(AccountNotificationsEntity);
const NOTIFICATIONS = raw(NOTIFICATION_SETTINGS.join(', '));

/** An account's answer columns from rows aliased `alias`, for another module's statement that answers the account with its own rows. */
export const accountAnswer = (alias: string) => accounts.answer(alias);

export type AccountChanges = Partial<Pick<Row<AccountEntity>, 'name' | 'description' | 'type' | 'locale'>>;

@Injectable()
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  /** Null when the e-mail is taken (the unique index decides, so concurrent sign-ups cannot both win). */
  create(account: Pick<Row<AccountEntity>, 'email' | 'name' | 'password_hash'>) {
    return this.db.one<AccountDto>(
      sql`${accounts.insert(account)} ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT}`,
    );
  }

  findById(id: string) {
    return this.db.one<AccountDto>(sql`SELECT ${ACCOUNT} FROM accounts WHERE id = ${id}`);
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM accounts WHERE email = ${email}`)) !== null;
  }

  findForSignIn(email: string) {
    return this.db.one<AccountDto & { password_hash: string | null }>(
      sql`SELECT ${ACCOUNT}, password_hash FROM accounts WHERE email = ${email}`,
    );
  }

  /** Sets only the fields sent; updated_at moves only when something was. */
  async update(id: string, changes: AccountChanges): Promise<AccountDto | null> {
    const set = accounts.assignments(changes, ['name', 'description', 'type', 'locale']);
    if (!set) return this.findById(id);
    return this.db.one(sql`UPDATE accounts SET ${set}, updated_at = now() WHERE id = ${id} RETURNING ${ACCOUNT}`);
  }

  /** Which messages the account lets through; every one when it never said. */
  async notifications(id: string): Promise<NotificationsDto> {
    const row = await this.db.one<NotificationsDto>(
      sql`SELECT ${NOTIFICATIONS} FROM account_notifications WHERE account_id = ${id}`,
    );
    return row ?? { new_sign_in: true, support_answers: true, admin_alerts: true };
  }

  /** Changes only the settings sent, answering the whole new setting. */
  setNotifications(id: string, changes: UpdateNotificationsDto): Promise<NotificationsDto | null> {
    const row = { new_sign_in: true, support_answers: true, admin_alerts: true, ...changes };
    const set = notificationSettings.assignments(changes, [...NOTIFICATION_SETTINGS]);
    return this.db.one<NotificationsDto>(sql`
      ${notificationSettings.insert({ account_id: id, ...row })}
      ON CONFLICT (account_id) DO ${set ? sql`UPDATE SET ${set}` : sql`UPDATE SET account_id = EXCLUDED.account_id`}
      RETURNING ${NOTIFICATIONS}`);
  }

  /** Null when it was already confirmed. */
  markConfirmed(id: string) {
    return this.db.one<AccountDto>(
      sql`UPDATE accounts SET status = 'confirmed', updated_at = now()
          WHERE id = ${id} AND status <> 'confirmed' RETURNING ${ACCOUNT}`,
    );
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE accounts SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${id}`,
    );
  }
}
