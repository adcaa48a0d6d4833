import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { Reference } from '../../../database/company-reference';

/**
 * A secret issued to an account (an API key, a fingerprint): shown once, identified afterwards
 * by its prefix, stored only as its SHA-256. Each table declares its own unique index on
 * key_hash, which is how a presented secret is found.
 */
export abstract class AccountSecretEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Owner. */
  @Column({ type: 'uuid', update: false })
  account_id: string;

  @Reference(() => AccountEntity, 'CASCADE') account?: AccountEntity;

  /** First characters of the key, for identification. */
  @Column({ type: 'varchar', length: 16, update: false })
  key_prefix: string;

  @Column({ type: 'char', length: 64, select: false, update: false })
  key_hash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
