import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReportRoute } from '../../docs/docs.face';
import { FinanceReportDto } from './finance-report.dto';
import { FinanceReportService } from './finance-report.service';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/report')
export class FinanceReportController extends ReportRoute({
  reports: FinanceReportService,
  permission: 'fm.report',
  body: FinanceReportDto,
  summary: 'Generate the finance report (sheets: transactions, categories, credits) as XLSX or PDF (docs/finance.md)',
}) {}
