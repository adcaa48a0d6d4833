import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { CrmAnalysisRepository } from './analysis.repository';
import { ClientGroupDto, ClientsSummaryDto, GroupedClientsQueryDto } from './dto/analysis.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

/** CRM analytics (CONTRACT 17, the Kroncl server's): counts only, so the controller reads the repository. */
@ApiTags('CRM')
@Controller('companies/:id/modules/crm/analysis')
export class CrmAnalysisController {
  constructor(private readonly analysis: CrmAnalysisRepository) {}

  /** Clients in all, by status and type; new_clients: those created within the window */
  @Get('summary')
  @Endpoint({ permission: 'crm.analysis', answer: ClientsSummaryDto })
  getCrmAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: TimeWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  /** Clients created within the window per source (every source, most clients first) or per UTC day or month (ascending, empty periods omitted) */
  @Get('grouped')
  @Endpoint({ permission: 'crm.analysis', answer: [ClientGroupDto] })
  getCrmAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedClientsQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
