import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { CompanyEntity } from '../companies/company.entity';

export const INVITATION_STATUSES = ['waiting', 'accepted', 'rejected'] as const;

@Entity('invitations')
@Index('invitations_company_id_created_at_idx', ['companyId', 'createdAt', 'id'])
@Index('invitations_email_created_at_idx', ['email', 'createdAt', 'id'])
@Index('invitations_waiting_key', ['companyId', 'email'], { unique: true, where: "status = 'waiting'" })
export class InvitationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  companyId: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: CompanyEntity;

  /** Lower-cased: an account sees the invitations sent to its e-mail, whatever the case. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status: string;

  @Column({ type: 'uuid', nullable: true })
  invitedBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
