import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { FinanceAnalysisRepository } from './analysis.repository';
import { FinanceGroupDto, FinanceSummaryDto, FinanceWindowQueryDto, GroupedFinanceQueryDto } from './dto/analysis.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

/** Finance analyses (CONTRACT 14): sums in SQL, so the controller reads the repository directly. */
@ApiTags('Finance')
@Controller('companies/:id/modules/fm/analysis')
export class FinanceAnalysisController {
  constructor(private readonly analysis: FinanceAnalysisRepository) {}

  /** Income, expense and count of completed transactions in one currency within the window */
  @Get('summary')
  @Endpoint({ permission: 'fm.analysis', answer: FinanceSummaryDto })
  getFinanceAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: FinanceWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  /** Completed transactions per category or employee (by descending income + expense) or per UTC day or month (ascending) */
  @Get('grouped')
  @Endpoint({ permission: 'fm.analysis', answer: [FinanceGroupDto] })
  getFinanceAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedFinanceQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
