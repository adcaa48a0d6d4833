import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { DocDto } from '../../docs/docs.face';
import { WarehouseReportDto } from './warehouse-report.dto';
import { WarehouseReportService } from './warehouse-report.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/report')
export class WarehouseReportController {
  constructor(private readonly reports: WarehouseReportService) {}

  /** Generate the warehouse report, one sheet per type, as XLSX (default) or PDF */
  @Post()
  @Endpoint({ permission: 'wm.report', answer: DocDto, status: HttpStatus.CREATED })
  @PreparesFirst()
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: WarehouseReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
