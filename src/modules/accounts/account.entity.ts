import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const AUTH_TYPES = ['password', 'oauth', 'sso', 'ldap'] as const;
export const ACCOUNT_STATUSES = ['waiting', 'confirmed'] as const;
export const ACCOUNT_TYPES = ['owner', 'employee', 'admin', 'outsourcing', 'tech'] as const;

@Entity('accounts')
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased, so equality is case-insensitive. */
  @Index('accounts_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', nullable: true })
  avatarUrl: string | null;

  @Column({ type: 'varchar', length: 16, default: 'password' })
  authType: string;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 32, default: 'owner' })
  type: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'int', nullable: true })
  adminLevel: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true, select: false })
  passwordHash: string | null;

  @Index('accounts_confirmation_token_hash_key', { unique: true, where: 'confirmation_token_hash IS NOT NULL' })
  @Column({ type: 'char', length: 64, nullable: true, select: false })
  confirmationTokenHash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
