import { Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyRoute, RequirePermission } from '../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';
import {
  MemberDto,
  MembersQueryDto,
  MemberSettingsDto,
  PermissionCodeDto,
  RemovedMemberDto,
  UpdateMemberSettingsDto,
} from './dto/member.dto';
import { MembersService } from './members.service';

/** The company's members at the platform's paths (CONTRACT 17): `/accounts` and `/modules/accounts`. */
@ApiTags('Members')
@Controller('companies')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get(':id/accounts')
  @RequirePermission('accounts')
  @ApiOperation({ summary: "The company's members, most recently joined first; search matches name or e-mail" })
  @ApiPage('accounts', MemberDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: MembersQueryDto) {
    return this.members.list(company, query);
  }

  @Get(':id/accounts/:accountId')
  @RequirePermission('accounts')
  @ApiOperation({ summary: 'One member of the company' })
  @ApiEnvelope(MemberDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.get(company, accountId);
  }

  @Delete(':id/modules/accounts/:accountId')
  @RequirePermission('accounts.delete')
  @ApiOperation({ summary: 'Remove a member and unlink their employee card; the owner cannot be removed' })
  @ApiEnvelope(RemovedMemberDto)
  @ApiErrors({ conflict: 'the owner cannot be removed' })
  remove(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.remove(company, accountId);
  }

  @Get(':id/modules/accounts/:accountId/settings')
  @RequirePermission('accounts.settings')
  @ApiOperation({ summary: "A member's permission settings: codes added to and taken from what their positions grant" })
  @ApiEnvelope(MemberSettingsDto)
  getMemberSettings(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    return this.members.settings(company, accountId);
  }

  @Patch(':id/modules/accounts/:accountId/settings')
  @RequirePermission('accounts.settings.update')
  @ApiOperation({ summary: "Change a member's permission settings; only the fields sent change, null clears one" })
  @ApiEnvelope(MemberSettingsDto)
  updateMemberSettings(
    @CurrentCompany() company: CompanyAccess,
    @Param('accountId') accountId: string,
    @Body() body: UpdateMemberSettingsDto,
  ) {
    return this.members.updateSettings(company, accountId, body);
  }

  @Get(':id/modules/accounts/:accountId/permissions')
  @CompanyRoute()
  @ApiOperation({
    summary:
      "A member's effective permission codes (the caller's own for any member; another's needs accounts.settings)",
  })
  @ApiEnvelope(PermissionCodeDto, { isArray: true })
  @ApiErrors({ forbidden: "another member's permissions without accounts.settings" })
  listMemberPermissions(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Param('accountId') accountId: string,
  ) {
    return this.members.permissions(company, auth.account.id, accountId);
  }
}
