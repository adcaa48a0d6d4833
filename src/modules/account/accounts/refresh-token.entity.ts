import { Column, Entity, Index } from 'typeorm';
import { HashedTokens } from '../../../database/hashed-tokens';
import { SessionEntity } from './session.entity';
import { Reference } from '../../../database/company-reference';

/**
 * One link of a session's refresh chain: the SHA-256 of a refresh token, never the token. A link
 * works once (used_at); a used link presented again revokes its session (reuse detection).
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity extends HashedTokens('refresh_tokens') {
  @Index('refresh_tokens_session_id_idx')
  @Column({ type: 'uuid' })
  session_id: string;

  @Reference(() => SessionEntity, 'CASCADE') session?: SessionEntity;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;
}
