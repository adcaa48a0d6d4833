import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { MembershipKey } from './company-member.entity';

/**
 * A member's own permission adjustments in a company (the platform's account settings): codes
 * added to and taken from what their positions grant. Removed with the membership.
 */
@Entity('company_member_settings')
export class MemberSettingsEntity extends MembershipKey {
  @Column({ type: 'text', array: true, nullable: true })
  increase_permissions: string[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  reduce_permissions: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
