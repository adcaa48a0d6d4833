import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { DocDto } from '../../docs/docs.face';
import { FinanceReportDto } from './finance-report.dto';
import { FinanceReportService } from './finance-report.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/report')
export class FinanceReportController {
  constructor(private readonly reports: FinanceReportService) {}

  /** Generate the finance report (sheets: transactions, categories, credits) as XLSX or PDF (docs/finance.md) */
  @Post()
  @Endpoint({ permission: 'fm.report', answer: DocDto, status: HttpStatus.CREATED })
  @PreparesFirst()
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: FinanceReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
