import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AnalysisRoutes } from '../../../../../core/analysis/analysis-routes';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { CrmAnalysisRepository } from './analysis.repository';
import { ClientGroupDto, ClientsSummaryDto, GroupedClientsQueryDto } from './dto/analysis.dto';

/** CRM analytics (CONTRACT 17, the Kroncl server's): counts only, so the controller reads the repository. */
@ApiTags('CRM')
@Controller('companies/:id/modules/crm/analysis')
export class CrmAnalysisController extends AnalysisRoutes({
  reader: CrmAnalysisRepository,
  name: 'CrmAnalysis',
  permission: 'crm.analysis',
  summary: {
    query: TimeWindowQueryDto,
    answer: ClientsSummaryDto,
    summary: 'Clients in all, by status and type; new_clients: those created within the window',
  },
  grouped: {
    query: GroupedClientsQueryDto,
    answer: ClientGroupDto,
    summary:
      'Clients created within the window per source (every source, most clients first) or per UTC day or month (ascending, empty periods omitted)',
  },
}) {}
