import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from './account.entity';

/**
 * A secret issued to an account (an API key, a fingerprint): shown once, identified afterwards
 * by its prefix, stored only as its SHA-256. Each table declares its own unique index on
 * key_hash, which is how a presented secret is found.
 */
export abstract class AccountSecretEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  accountId: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'varchar', length: 16 })
  keyPrefix: string;

  @Column({ type: 'char', length: 64, select: false })
  keyHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
