import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { UploadsFirst } from '../../../core/audit/staged-write';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { DocDto } from '../../docs/docs.face';
import { WarehouseReportDto } from './warehouse-report.dto';
import { WarehouseReportService } from './warehouse-report.service';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/report')
export class WarehouseReportController {
  constructor(private readonly reports: WarehouseReportService) {}

  @Post()
  @RequirePermission('wm.report')
  @UploadsFirst()
  @ApiOperation({ summary: 'Generate the warehouse report, one sheet per type, as XLSX (default) or PDF' })
  @ApiEnvelope(DocDto, { status: HttpStatus.CREATED })
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: WarehouseReportDto) {
    return this.reports.generate(company.companyId, body);
  }
}
