import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { FinanceAnalysisRepository } from './analysis.repository';
import { FinanceGroupDto, FinanceSummaryDto, FinanceWindowQueryDto, GroupedFinanceQueryDto } from './dto/analysis.dto';

/** Finance analyses (CONTRACT 14): sums in SQL, so the controller reads the repository directly. */
@ApiTags('Finance')
@Controller('companies/:id/modules/fm/analysis')
export class FinanceAnalysisController {
  constructor(private readonly analysis: FinanceAnalysisRepository) {}

  @Get('summary')
  @RequirePermission('fm.analysis')
  @ApiOperation({ summary: 'Income, expense and count of completed transactions in one currency within the window' })
  @ApiEnvelope(FinanceSummaryDto)
  getFinanceAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: FinanceWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  @Get('grouped')
  @RequirePermission('fm.analysis')
  @ApiOperation({
    summary:
      'Completed transactions per category or employee (by descending income + expense) or per UTC day or month (ascending)',
  })
  @ApiEnvelope(FinanceGroupDto, { isArray: true })
  getFinanceAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedFinanceQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
