import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { DocDto } from '../../docs/docs.face';
import { RosterReportDto } from './roster-report.dto';
import { RosterReportService } from './roster-report.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/report')
export class RosterReportController {
  constructor(private readonly reports: RosterReportService) {}

  /** Generate the employee roster with positions as a PDF or XLSX document (docs/hrm.md, "Roster report") */
  @Post()
  @Endpoint({
    permission: 'hrm.report',
    answer: DocDto,
    status: HttpStatus.CREATED,
    errors: { limit_exceeded: "the file would exceed the plan's file storage limits" },
  })
  @PreparesFirst()
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: RosterReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
