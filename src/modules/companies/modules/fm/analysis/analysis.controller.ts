import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AnalysisRoutes } from '../../../../../core/analysis/analysis-routes';
import { FinanceAnalysisRepository } from './analysis.repository';
import { FinanceGroupDto, FinanceSummaryDto, FinanceWindowQueryDto, GroupedFinanceQueryDto } from './dto/analysis.dto';

/** Finance analyses (CONTRACT 14): sums in SQL, so the controller reads the repository directly. */
@ApiTags('Finance')
@Controller('companies/:id/modules/fm/analysis')
export class FinanceAnalysisController extends AnalysisRoutes({
  reader: FinanceAnalysisRepository,
  name: 'FinanceAnalysis',
  permission: 'fm.analysis',
  summary: {
    query: FinanceWindowQueryDto,
    answer: FinanceSummaryDto,
    summary: 'Income, expense and count of completed transactions in one currency within the window',
  },
  grouped: {
    query: GroupedFinanceQueryDto,
    answer: FinanceGroupDto,
    summary:
      'Completed transactions per category or employee (by descending income + expense) or per UTC day or month (ascending)',
  },
}) {}
