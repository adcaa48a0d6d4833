import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { SessionEntity } from './session.entity';
import { Reference } from '../../../database/company-reference';

/**
 * One link of a session's refresh chain: the SHA-256 of a refresh token, never the token. A link
 * works once (used_at); a used link presented again revokes its session (reuse detection).
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('refresh_tokens_session_id_idx')
  @Column({ type: 'uuid' })
  session_id: string;

  @Reference(() => SessionEntity, 'CASCADE') session?: SessionEntity;

  @Index('refresh_tokens_token_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  token_hash: string;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
