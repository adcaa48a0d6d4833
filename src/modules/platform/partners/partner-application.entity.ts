import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PARTNER_TYPES = ['public', 'private'] as const;
/** Kroncl's values: `waiting` (a new application), `success` (approved), `banned`. */
export const PARTNER_STATUSES = ['waiting', 'success', 'banned'] as const;

/** An application sent through the public partner form, for administrators to read. */
@Entity('partner_applications')
@Index('partner_applications_created_at_idx', ['created_at', 'id'])
@Index('partner_applications_client_ip_created_at_idx', ['client_ip', 'created_at'])
export class PartnerApplicationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  type: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status: string;

  /** The sender's address, for the hourly limit per address. */
  @Column({ type: 'varchar', length: 64 })
  client_ip: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
