import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post, Delete } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources } from '../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { CreateInvitationDto, InvitationDto, RevokedInvitationDto } from './dto/invitation.dto';
import { InvitationEntity } from './invitation.entity';
import { InvitationsService } from './invitations.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

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

  /** Invite an e-mail address to the company; 409 when it is a member or already invited */
  @Post(':id/accounts/invitations')
  @Endpoint({
    permission: 'accounts.invitations.create',
    answer: InvitationDto,
    status: HttpStatus.CREATED,
    errors: { conflict: 'the address already has a waiting invitation or is already a member' },
  })
  create(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Body() body: CreateInvitationDto,
  ) {
    return this.invitations.create(auth, company, body);
  }

  /** The company's invitations, every status, newest first */
  @Get(':id/accounts/invitations')
  @Endpoint({ permission: 'accounts.invitations', page: ['invitations', InvitationDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.invitations.listForCompany(company, query);
  }

  /** Revoke (delete) a waiting invitation; 409 once it was accepted or rejected */
  @Delete(':id/accounts/invitations/:invitationId')
  @Endpoint({
    permission: 'accounts.invitations.revoke',
    answer: RevokedInvitationDto,
    errors: { conflict: 'only a waiting invitation can be revoked' },
  })
  revoke(@CurrentCompany() company: CompanyAccess, @Param('invitationId') id: string) {
    return this.invitations.revoke(company, id);
  }
}
