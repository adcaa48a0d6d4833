import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { CreateInvitationDto, InvitationDto, RevokedInvitationDto } from './dto/invitation.dto';
import { InvitationEntity } from './invitation.entity';
import { InvitationsService } from './invitations.service';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

/**
 * The company's side of invitations, under the platform's `/accounts/invitations` (CONTRACT 17).
 * Declared in the members module, before the member routes, so that `invitations` is never read
 * as a member's account id.
 */
@ApiTags('Invitations')
@CompanyResources({ invitationId: InvitationEntity })
@Controller('companies')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post(':id/accounts/invitations')
  @RequirePermission('accounts.invitations.create')
  @ApiOperation({ summary: 'Invite an e-mail address to the company; 409 when it is a member or already invited' })
  @ApiEnvelope(InvitationDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'the address already has a waiting invitation or is already a member' })
  create(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Body() body: CreateInvitationDto,
  ) {
    return this.invitations.create(auth, company, body);
  }

  @Get(':id/accounts/invitations')
  @RequirePermission('accounts.invitations')
  @ApiOperation({ summary: "The company's invitations, every status, newest first" })
  @ApiPage('invitations', InvitationDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.invitations.listForCompany(company, query);
  }

  @Delete(':id/accounts/invitations/:invitationId')
  @RequirePermission('accounts.invitations.revoke')
  @ApiOperation({ summary: 'Revoke (delete) a waiting invitation; 409 once it was accepted or rejected' })
  @ApiEnvelope(RevokedInvitationDto)
  @ApiErrors({ conflict: 'only a waiting invitation can be revoked' })
  revoke(@CurrentCompany() company: CompanyAccess, @Param('invitationId') id: string) {
    return this.invitations.revoke(company, id);
  }
}
