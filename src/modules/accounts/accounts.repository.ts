import { Injectable } from '@nestjs/common';
import { ACCOUNT_COLUMNS, AccountView } from '../../core/auth/auth-context';
import { assignments } from '../../database/sql';
import { Db, InjectDb } from '../../database/transaction-host';
import type { AccountSummaryDto } from './dto/account.dto';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string;
  confirmationTokenHash: string | null;
}

const UPDATABLE = ['name', 'description', 'type'] as const;

export type AccountChanges = Partial<Pick<AccountView, 'name' | 'description' | 'type'>>;

@Injectable()
export class AccountsRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /** Null when the e-mail is taken (the unique index decides, so concurrent sign-ups cannot both win). */
  async create(account: NewAccount): Promise<AccountView | null> {
    const [row] = await this.db.tx.query(
      `INSERT INTO accounts (email, name, password_hash, confirmation_token_hash)
       VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING
       RETURNING ${ACCOUNT_COLUMNS()}`,
      [account.email, account.name, account.passwordHash, account.confirmationTokenHash],
    );
    return row ?? null;
  }

  async findById(id: string): Promise<AccountView | null> {
    const [row] = await this.db.tx.query(`SELECT ${ACCOUNT_COLUMNS()} FROM accounts WHERE id = $1`, [id]);
    return row ?? null;
  }

  async findForSignIn(email: string): Promise<{ account: AccountView; passwordHash: string | null } | null> {
    const [row] = await this.db.tx.query(`SELECT ${ACCOUNT_COLUMNS()}, password_hash FROM accounts WHERE email = $1`, [
      email,
    ]);
    if (!row) return null;
    const { password_hash, ...account } = row;
    return { account, passwordHash: password_hash };
  }

  /** Sets only the given fields; updated_at moves only when something was sent. */
  async update(id: string, changes: AccountChanges): Promise<AccountView | null> {
    const set = assignments(changes, UPDATABLE, 2);
    if (!set.sql) return this.findById(id);
    const [rows] = await this.db.tx.query(
      `UPDATE accounts SET ${set.sql}, updated_at = now() WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS()}`,
      [id, ...set.values],
    );
    return rows[0] ?? null;
  }

  async confirm(confirmationTokenHash: string): Promise<AccountView | null> {
    const [rows] = await this.db.tx.query(
      `UPDATE accounts SET status = 'confirmed', confirmation_token_hash = NULL, updated_at = now()
       WHERE confirmation_token_hash = $1 RETURNING ${ACCOUNT_COLUMNS()}`,
      [confirmationTokenHash],
    );
    return rows[0] ?? null;
  }

  async summary(account: Pick<AccountView, 'id' | 'email'>): Promise<AccountSummaryDto> {
    const [row] = await this.db.tx.query(
      `SELECT
         (SELECT count(*)::int FROM company_members m
           JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL
           WHERE m.account_id = $1) AS organizations_count,
         (SELECT count(*)::int FROM invitations i
           JOIN companies c ON c.id = i.company_id AND c.deleting_at IS NULL
           WHERE i.email = $2 AND i.status = 'waiting') AS invitations_count,
         (SELECT count(*)::int FROM fingerprints
           WHERE account_id = $1 AND deactivated_at IS NULL AND expires_at > now()) AS fingerprints_count`,
      [account.id, account.email.toLowerCase()],
    );
    return row;
  }
}
