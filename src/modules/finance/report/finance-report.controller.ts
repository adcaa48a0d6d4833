import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { UploadsFirst } from '../../../core/audit/staged-write';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { DocDto } from '../../docs/docs.face';
import { FinanceReportDto } from './finance-report.dto';
import { FinanceReportService } from './finance-report.service';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/report')
export class FinanceReportController {
  constructor(private readonly reports: FinanceReportService) {}

  @Post()
  @RequirePermission('fm.report')
  @UploadsFirst()
  @ApiOperation({
    summary: 'Generate the finance report (sheets: transactions, categories, credits) as XLSX or PDF (docs/finance.md)',
  })
  @ApiEnvelope(DocDto, { status: HttpStatus.CREATED })
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: FinanceReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
