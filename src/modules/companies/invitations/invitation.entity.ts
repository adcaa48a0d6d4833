import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../companies/companies.face';

export const INVITATION_STATUSES = ['waiting', 'accepted', 'rejected'] as const;

@Entity('invitations')
@Index('invitations_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('invitations_email_created_at_idx', ['email', 'created_at', 'id'])
@Index('invitations_waiting_key', ['company_id', 'email'], { unique: true, where: "status = 'waiting'" })
export class InvitationEntity extends CompanyOwnedEntity {
  /** Lower-cased: an account sees the invitations sent to its e-mail, whatever the case. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status: string;

  @Column({ type: 'uuid', nullable: true })
  invited_by: string | null;
}
