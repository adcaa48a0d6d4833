import { Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { UuidParam } from '../../core/http/validation';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { AccountInvitationQueryDto } from './dto/account-invitation-query.dto';
import { InvitationAnswerDto, InvitationDto } from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';
import { AccountDto } from '../accounts/accounts.face';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

@ApiTags('Account')
@Controller('account/invitations')
export class AccountInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @ApiOperation({
    summary: "Invitations sent to the account's e-mail, newest first; filter by status and company name",
  })
  @ApiPage('invitations', InvitationDto)
  list(@CurrentAuth() auth: AuthContext<AccountDto>, @Query() query: AccountInvitationQueryDto) {
    return this.invitations.listMine(auth, query);
  }

  @Post(':invitationId/accept')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Accept a waiting invitation: the account becomes a member of the company' })
  @ApiEnvelope(InvitationAnswerDto)
  @ApiErrors({ conflict: 'the invitation was already answered or revoked' })
  accept(@CurrentAuth() auth: AuthContext<AccountDto>, @UuidParam('invitationId') id: string) {
    return this.invitations.accept(auth, id);
  }

  @Post(':invitationId/reject')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Reject a waiting invitation' })
  @ApiEnvelope(InvitationAnswerDto)
  @ApiErrors({ conflict: 'the invitation was already answered or revoked' })
  reject(@CurrentAuth() auth: AuthContext<AccountDto>, @UuidParam('invitationId') id: string) {
    return this.invitations.reject(auth, id);
  }
}
