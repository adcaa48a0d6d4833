import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { RequirePermission } from '../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { MemberDto } from './dto/member.dto';
import { MembersService } from './members.service';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

@ApiTags('Members')
@Controller('companies')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get(':id/members')
  @RequirePermission('accounts')
  @ApiOperation({ summary: "The company's members, most recently joined first" })
  @ApiPage('members', MemberDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.members.list(company, query);
  }

  @Delete(':id/members/:accountId')
  @RequirePermission('accounts.delete')
  @ApiOperation({ summary: 'Remove a member and unlink their employee card; the owner cannot be removed' })
  @ApiEnvelope()
  @ApiErrors({ conflict: 'the owner cannot be removed' })
  async remove(@CurrentCompany() company: CompanyAccess, @Param('accountId') accountId: string) {
    await this.members.remove(company, accountId);
  }
}
