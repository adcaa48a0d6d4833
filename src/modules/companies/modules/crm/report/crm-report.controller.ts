import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReportRoute } from '../../docs/docs.face';
import { CrmReportDto } from './crm-report.dto';
import { CrmReportService } from './crm-report.service';

@ApiTags('CRM')
@Controller('companies/:id/modules/crm/report')
export class CrmReportController extends ReportRoute({
  reports: CrmReportService,
  permission: 'crm.report',
  body: CrmReportDto,
  summary: 'Generate the CRM report (sheets: clients, sources) as XLSX or PDF (docs/crm.md)',
}) {}
