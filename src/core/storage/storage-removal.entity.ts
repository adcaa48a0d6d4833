import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An object waiting to be removed from the store (CONTRACT 20): queued in the database, so a
 * crash or restart never leaves an object nothing will remove. Every instance drains the queue
 * (core/outbox's claimDueRows, a lease per attempt); the row goes once the object is gone.
 */
@Entity('storage_removals')
@Index('storage_removals_next_attempt_at_idx', ['next_attempt_at'])
export class StorageRemovalEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** No foreign key: the removal outlives the company whose object it was. */
  @Column({ type: 'uuid' })
  company_id: string;

  /** The object's path in the company's bucket. */
  @Column({ type: 'varchar', length: 1024 })
  path: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  next_attempt_at: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
