import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EnumColumn } from '../../../core/openapi/columns';
import { LOCALES } from '../../../core/mail/mail-kinds';

export const AUTH_TYPES = ['password', 'oauth', 'sso', 'ldap'] as const;
export const ACCOUNT_STATUSES = ['waiting', 'confirmed'] as const;
export const ACCOUNT_TYPES = ['owner', 'employee', 'admin', 'outsourcing', 'tech'] as const;

@Entity('accounts')
/**
 * The operators' console lists every account newest first (CONTRACT 21), and counts a search's
 * matches in that order from the same index, which includes the searched columns (migration
 * AccountsListedWithSearched).
 */
@Index('accounts_created_at_idx', { synchronize: false })
// Trigram indexes (migrations AccountTotals, LoweredNames) serve the console's search by e-mail or name.
@Index('accounts_email_trgm_idx', { synchronize: false })
@Index('accounts_name_trgm_idx', { synchronize: false })
// A search by an address reads its local part reversed (migration AccountAddressSearch).
@Index('accounts_email_local_reversed_idx', { synchronize: false })
@Index('accounts_email_many_at_idx', { synchronize: false })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased, so equality is case-insensitive. */
  @Index('accounts_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254, update: false })
  email: string;

  /** Display name. */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The name lower-cased, kept by a trigger (migration LoweredNames): the console's search reads it. */
  @Column({ type: 'text', select: false, insert: false, update: false })
  name_lowered: string;

  @Column({ type: 'text', nullable: true })
  avatar_url: string | null;

  @EnumColumn(AUTH_TYPES, { length: 16, default: 'password' })
  auth_type: string;

  @EnumColumn(ACCOUNT_STATUSES, { length: 16, default: 'waiting' })
  status: string;

  /** Status text of the account ("" when unset). */
  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @ApiProperty({
    description: `One of ${ACCOUNT_TYPES.join(', ')}; clients must tolerate other strings`,
    example: 'owner',
  })
  @Column({ type: 'varchar', length: 32, default: 'owner' })
  type: string;

  /** Platform administrator (technical support). */
  @Column({ type: 'boolean', default: false })
  is_admin: boolean;

  /** Administrative access level; null for non-administrators. */
  @Column({ type: 'int', nullable: true })
  admin_level: number | null;

  /** The language of the mail it is sent (CONTRACT 23). */
  @EnumColumn(LOCALES, { length: 2, default: 'ru' })
  locale: string;

  @Column({ type: 'varchar', length: 100, nullable: true, select: false })
  password_hash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
