import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AnalysisRoutes } from '../../../../../core/analysis/analysis-routes';
import { DealAnalysisRepository } from './analysis.repository';
import { DealAnalysisQueryDto, DealGroupStatsDto, DealSummaryDto, GroupedDealsQueryDto } from './dto/analysis.dto';

/** Deal analyses (CONTRACT 16): sums and counts only, so the controller reads the repository directly. */
@ApiTags('Deals')
@Controller('companies/:id/modules/dm/analysis')
export class DealAnalysisController extends AnalysisRoutes({
  reader: DealAnalysisRepository,
  name: 'DealAnalysis',
  permission: 'dm.analysis',
  summary: {
    query: DealAnalysisQueryDto,
    answer: DealSummaryDto,
    summary: 'Deals created within the window (and filters): count, default-status count, amounts',
  },
  grouped: {
    query: GroupedDealsQueryDto,
    answer: DealGroupStatsDto,
    summary: 'Deals created within the window per type, status, employee, client, or UTC day, month, year',
  },
}) {}
