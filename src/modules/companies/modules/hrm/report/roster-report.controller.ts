import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReportRoute } from '../../docs/docs.face';
import { RosterReportDto } from './roster-report.dto';
import { RosterReportService } from './roster-report.service';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/report')
export class RosterReportController extends ReportRoute({
  reports: RosterReportService,
  permission: 'hrm.report',
  body: RosterReportDto,
  summary: 'Generate the employee roster with positions as a PDF or XLSX document (docs/hrm.md, "Roster report")',
  errors: { limit_exceeded: "the file would exceed the plan's file storage limits" },
}) {}
