import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { CompanyEntity } from '../companies/company.entity';

export const MEMBER_ROLES = ['owner', 'member'] as const;

@Entity('company_members')
@Index('company_members_account_id_idx', ['account_id', 'joined_at'])
export class CompanyMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: CompanyEntity;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'varchar', length: 16 })
  role: string;

  @CreateDateColumn({ type: 'timestamptz' })
  joined_at: Date;
}
