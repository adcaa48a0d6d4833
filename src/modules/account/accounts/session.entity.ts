import { Column, Entity, Index } from 'typeorm';
import { HashedTokens } from '../../../database/hashed-tokens';
import { AccountEntity } from './account.entity';
import { Reference } from '../../../database/company-reference';
import { EnumColumn } from '../../../core/openapi/columns';
import type { SessionKind } from '../../../core/auth/auth-context';

export const SESSION_KINDS: readonly SessionKind[] = ['password', 'fingerprint'];

/**
 * A signed-in session: its current access token's SHA-256 (never the token) and the end of its
 * refresh chain. Each refresh rotates the access token in place; revoking the row ends both.
 */
@Entity('sessions')
export class SessionEntity extends HashedTokens('sessions') {
  @Index('sessions_account_id_idx')
  @Column({ type: 'uuid' })
  account_id: string;

  @Reference(() => AccountEntity, 'CASCADE') account?: AccountEntity;

  /** How it was opened (CONTRACT 20): a refresh keeps the kind of the sign-in it continues. */
  @EnumColumn(SESSION_KINDS, { length: 16 })
  kind: SessionKind;

  /** Set when the session was opened with a fingerprint: it ends with it. */
  @Index('sessions_fingerprint_id_idx')
  @Column({ type: 'uuid', nullable: true })
  fingerprint_id: string | null;

  @Reference('fingerprints', 'CASCADE') fingerprint?: unknown;

  /** When the current access token stops working. */
  @Column({ type: 'timestamptz' })
  expires_at: Date;

  /** When the refresh chain ends: no refresh after it (REFRESH_TOKEN_TTL_DAYS, or the fingerprint's end). */
  @Column({ type: 'timestamptz' })
  refresh_expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;
}
