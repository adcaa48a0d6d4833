import { Injectable } from '@nestjs/common';
import type { SessionCaller, SessionLookup } from '../../core/auth/credential-lookups';
import { Db } from '../../database/db';
import { raw, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { accounts } from './accounts.repository';
import type { AccountDto } from './dto/account.dto';
import { SessionEntity } from './session.entity';

const sessions = new Table(SessionEntity);

/** Sign-in sessions: issued by the auth module, looked up by the auth guard (SessionLookup). */
@Injectable()
export class SessionsRepository implements SessionLookup {
  constructor(private readonly db: Db) {}

  async create(session: Pick<Row<SessionEntity>, 'account_id' | 'token_hash' | 'expires_at' | 'fingerprint_id'>) {
    await this.db.affected(sessions.insert(session));
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.affected(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
  }

  async revokeByFingerprint(fingerprintId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE sessions SET revoked_at = now() WHERE fingerprint_id = ${fingerprintId} AND revoked_at IS NULL`,
    );
  }

  async resolve(tokenHash: string): Promise<SessionCaller | null> {
    const row = await this.db.one<AccountDto & { session_id: string }>(
      sql`SELECT s.id AS session_id, ${raw(accounts.answer('a'))}
          FROM sessions s
          JOIN accounts a ON a.id = s.account_id
          LEFT JOIN fingerprints f ON f.id = s.fingerprint_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
            AND (s.fingerprint_id IS NULL OR (f.deactivated_at IS NULL AND f.expires_at > now()))`,
      'auth-resolve-session',
    );
    if (!row) return null;
    const { session_id, ...account } = row;
    return { sessionId: session_id, account };
  }
}
