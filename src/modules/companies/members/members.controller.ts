import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Patch, Delete } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyRoute } from '../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import {
  MemberDto,
  MembersQueryDto,
  MemberSettingsDto,
  PermissionCodeDto,
  RemovedMemberDto,
  UpdateMemberSettingsDto,
} from './dto/member.dto';
import { MembersService } from './members.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

/** The company's members at the platform's paths (CONTRACT 17): `/accounts` and `/modules/accounts`. */
@ApiTags('Members')
@Controller('companies')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  /** The company's members, most recently joined first; search matches name or e-mail */
  @Get(':id/accounts')
  @Endpoint({ permission: 'accounts', page: ['accounts', MemberDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: MembersQueryDto) {
    return this.members.list(company, query);
  }

  /** One member of the company */
  @Get(':id/accounts/:accountId')
  @Endpoint({ permission: 'accounts', answer: MemberDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.get(company, accountId);
  }

  /** Remove a member and unlink their employee card; the owner cannot be removed */
  @Delete(':id/modules/accounts/:accountId')
  @Endpoint({
    permission: 'accounts.delete',
    answer: RemovedMemberDto,
    errors: { conflict: 'the owner cannot be removed' },
  })
  remove(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.remove(company, accountId);
  }

  /** A member's permission settings: codes added to and taken from what their positions grant */
  @Get(':id/modules/accounts/:accountId/settings')
  @Endpoint({ permission: 'accounts.settings', answer: MemberSettingsDto })
  getMemberSettings(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.settings(company, accountId);
  }

  /** Change a member's permission settings; only the fields sent change, null clears one */
  @Patch(':id/modules/accounts/:accountId/settings')
  @Endpoint({ permission: 'accounts.settings.update', answer: MemberSettingsDto })
  updateMemberSettings(
    @CurrentCompany() company: CompanyAccess,
    @Param('accountId') accountId: string,
    @Body() body: UpdateMemberSettingsDto,
  ) {
    return this.members.updateSettings(company, accountId, body);
  }

  /** A member's effective permission codes (the caller's own for any member; another's needs accounts.settings) */
  @Get(':id/modules/accounts/:accountId/permissions')
  @CompanyRoute()
  @Endpoint({
    answer: [PermissionCodeDto],
    errors: { forbidden: "another member's permissions without accounts.settings" },
  })
  listMemberPermissions(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Param('accountId') accountId: string,
  ) {
    return this.members.permissions(company, auth.account.id, accountId);
  }
}
