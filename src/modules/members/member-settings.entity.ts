import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A member's own permission adjustments in a company (the platform's account settings): codes
 * added to and taken from what their positions grant. Removed with the membership.
 */
@Entity('company_member_settings')
export class MemberSettingsEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;

  @ManyToOne('accounts', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: unknown;

  @Column({ type: 'text', array: true, nullable: true })
  increase_permissions: string[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  reduce_permissions: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
