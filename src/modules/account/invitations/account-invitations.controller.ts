import { Controller, Get, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { UuidParam } from '../../../core/http/validation';
import {
  AccountInvitationQueryDto,
  InvitationAnswerDto,
  InvitationDto,
  InvitationsService,
} from '../../companies/invitations/invitations.face';
import { AccountDto } from '../accounts/accounts.face';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Account')
@Controller('account/invitations')
export class AccountInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  /** Invitations sent to the account's e-mail, newest first; filter by status and company name */
  @Get()
  @Endpoint({ page: ['invitations', InvitationDto] })
  list(@CurrentAuth() auth: AuthContext<AccountDto>, @Query() query: AccountInvitationQueryDto) {
    return this.invitations.listMine(auth, query);
  }

  /** Accept a waiting invitation: the account becomes a member of the company */
  @Post(':invitationId/accept')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ answer: InvitationAnswerDto, errors: { conflict: 'the invitation was already answered or revoked' } })
  accept(@CurrentAuth() auth: AuthContext<AccountDto>, @UuidParam('invitationId') id: string) {
    return this.invitations.accept(auth, id);
  }

  /** Reject a waiting invitation */
  @Post(':invitationId/reject')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ answer: InvitationAnswerDto, errors: { conflict: 'the invitation was already answered or revoked' } })
  reject(@CurrentAuth() auth: AuthContext<AccountDto>, @UuidParam('invitationId') id: string) {
    return this.invitations.reject(auth, id);
  }
}
