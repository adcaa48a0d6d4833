import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Reference } from '../../../database/company-reference';

/** A mailed password-reset token, as its SHA-256: single use, valid one hour. */
@Entity('password_resets')
export class PasswordResetEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('password_resets_account_id_idx')
  @Column({ type: 'uuid' })
  account_id: string;

  @Reference('accounts', 'CASCADE') account?: unknown;

  @Index('password_resets_token_hash_key', { unique: true })
  @Column({ type: 'char', length: 64 })
  token_hash: string;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
