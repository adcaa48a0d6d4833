import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { DealAnalysisRepository } from './analysis.repository';
import { DealAnalysisQueryDto, DealGroupStatsDto, DealSummaryDto, GroupedDealsQueryDto } from './dto/analysis.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

/** Deal analyses (CONTRACT 16): sums and counts only, so the controller reads the repository directly. */
@ApiTags('Deals')
@Controller('companies/:id/modules/dm/analysis')
export class DealAnalysisController {
  constructor(private readonly analysis: DealAnalysisRepository) {}

  /** Deals created within the window (and filters): count, default-status count, amounts */
  @Get('summary')
  @Endpoint({ permission: 'dm.analysis', answer: DealSummaryDto })
  getDealAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: DealAnalysisQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  /** Deals created within the window per type, status, employee, client, or UTC day, month, year */
  @Get('grouped')
  @Endpoint({ permission: 'dm.analysis', answer: [DealGroupStatsDto] })
  getDealAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedDealsQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
