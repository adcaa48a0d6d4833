import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CompanyAccess } from '../../../core/access/company-access';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException } from '../../../core/http/app.exception';
import { MailOutbox } from '../../../core/mail/mail-outbox';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Page } from '../../../core/pagination/page';
import { AccountDto } from '../../account/accounts/accounts.face';
import { Memberships } from '../members/members.face';
import { CreateInvitationDto, InvitationAnswerDto, InvitationDto, RevokedInvitationDto } from './dto/invitation.dto';
import { AccountInvitationQueryDto } from './dto/account-invitation-query.dto';
import { InvitationsRepository } from './invitations.repository';

/** An account's e-mail as invitations store it. */
const addressOf = (auth: AuthContext<AccountDto>) => auth.account.email.toLowerCase();

@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly members: Memberships,
    private readonly mail: MailOutbox,
  ) {}

  async create(auth: AuthContext, access: CompanyAccess, dto: CreateInvitationDto): Promise<InvitationDto> {
    if (await this.invitations.isMember(access.companyId, dto.email)) {
      throw AppException.conflict('An account with this e-mail is already a member of the company');
    }
    const invitation = await this.invitations.create(access.companyId, dto.email, auth.account.id);
    const inviter = await this.invitations.profileOf(auth.account.id);
    await this.mail.toAddress('invitation', invitation.email, {
      company: invitation.company_name,
      inviter_name: inviter.name,
      inviter_email: inviter.email,
    });
    return invitation;
  }

  listForCompany(access: CompanyAccess, query: PageQueryDto): Promise<Page<InvitationDto>> {
    return this.invitations.listForCompany(access.companyId, query);
  }

  /** Revoking deletes the waiting invitation; the audit record keeps the trace. */
  async revoke(access: CompanyAccess, id: string): Promise<RevokedInvitationDto> {
    if (await this.invitations.deleteWaiting(access.companyId, id)) {
      return { company_id: access.companyId, invitation_id: id, revoked: true };
    }
    const status = await this.invitations.statusOf(access.companyId, id);
    if (!status) throw AppException.notFound('Invitation');
    throw AppException.conflict(`The invitation is ${status}, only a waiting one can be revoked`);
  }

  listMine(auth: AuthContext<AccountDto>, query: AccountInvitationQueryDto): Promise<Page<InvitationDto>> {
    return this.invitations.listForEmail(addressOf(auth), query);
  }

  /** Accepting and joining the company commit together; a second accept finds it no longer waiting. */
  @Transactional()
  async accept(auth: AuthContext<AccountDto>, id: string): Promise<InvitationAnswerDto> {
    const invitation = await this.answer(auth, id, 'accepted');
    await this.members.add(invitation.company_id, auth.account.id);
    return invitation;
  }

  reject(auth: AuthContext<AccountDto>, id: string): Promise<InvitationAnswerDto> {
    return this.answer(auth, id, 'rejected');
  }

  private async answer(
    auth: AuthContext<AccountDto>,
    id: string,
    status: 'accepted' | 'rejected',
  ): Promise<InvitationAnswerDto> {
    const answered = await this.invitations.answer(addressOf(auth), id, status);
    if (answered) return answered;
    const invitation = await this.invitations.findForEmail(addressOf(auth), id);
    if (!invitation) throw AppException.notFound('Invitation');
    throw AppException.conflict(`The invitation is already ${invitation.status}`);
  }
}
