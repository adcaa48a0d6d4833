import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { CompanyEntity } from '../companies/company.entity';
import { OwningCompany } from '../companies/company-owned.entity';

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

  @OwningCompany() company?: CompanyEntity;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'text', array: true, nullable: true })
  increase_permissions: string[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  reduce_permissions: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
