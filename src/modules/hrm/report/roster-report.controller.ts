import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { UploadsFirst } from '../../../core/audit/staged-write';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { DocDto } from '../../docs/docs.face';
import { RosterReportDto } from './roster-report.dto';
import { RosterReportService } from './roster-report.service';
import { ApiErrors } from '../../../core/openapi/api-errors.decorator';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/report')
export class RosterReportController {
  constructor(private readonly reports: RosterReportService) {}

  @Post()
  @RequirePermission('hrm.report')
  @UploadsFirst()
  @ApiOperation({
    summary: 'Generate the employee roster with positions as a PDF or XLSX document (docs/hrm.md, "Roster report")',
  })
  @ApiEnvelope(DocDto, { status: HttpStatus.CREATED })
  @ApiErrors({ limit_exceeded: "the file would exceed the plan's file storage limits" })
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: RosterReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
