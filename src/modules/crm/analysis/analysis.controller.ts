import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { TimeWindowQueryDto } from '../../../core/analysis/periods';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { CrmAnalysisRepository } from './analysis.repository';
import { ClientGroupDto, ClientsSummaryDto, GroupedClientsQueryDto } from './dto/analysis.dto';

/** CRM analytics (CONTRACT 17, the Kroncl server's): counts only, so the controller reads the repository. */
@ApiTags('CRM')
@Controller('companies/:id/modules/crm/analysis')
export class CrmAnalysisController {
  constructor(private readonly analysis: CrmAnalysisRepository) {}

  @Get('summary')
  @RequirePermission('crm.analysis')
  @ApiOperation({ summary: 'Clients in all, by status and type; new_clients: those created within the window' })
  @ApiEnvelope(ClientsSummaryDto)
  getCrmAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: TimeWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  @Get('grouped')
  @RequirePermission('crm.analysis')
  @ApiOperation({
    summary:
      'Clients created within the window per source (every source, most clients first) or per UTC day or month (ascending, empty periods omitted)',
  })
  @ApiEnvelope(ClientGroupDto, { isArray: true })
  getCrmAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedClientsQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
