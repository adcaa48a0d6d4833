import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { DealAnalysisRepository } from './analysis.repository';
import { DealAnalysisQueryDto, DealGroupStatsDto, DealSummaryDto, GroupedDealsQueryDto } from './dto/analysis.dto';

/** Deal analyses (CONTRACT 16): sums and counts only, so the controller reads the repository directly. */
@ApiTags('Deals')
@Controller('companies/:id/modules/dm/analysis')
export class DealAnalysisController {
  constructor(private readonly analysis: DealAnalysisRepository) {}

  @Get('summary')
  @RequirePermission('dm.analysis')
  @ApiOperation({ summary: 'Deals created within the window (and filters): count, default-status count, amounts' })
  @ApiEnvelope(DealSummaryDto)
  getDealAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: DealAnalysisQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  @Get('grouped')
  @RequirePermission('dm.analysis')
  @ApiOperation({
    summary: 'Deals created within the window per type, status, employee, client, or UTC day, month, year',
  })
  @ApiEnvelope(DealGroupStatsDto, { isArray: true })
  getDealAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedDealsQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
