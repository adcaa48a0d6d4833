import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReportRoute } from '../../docs/docs.face';
import { WarehouseReportDto } from './warehouse-report.dto';
import { WarehouseReportService } from './warehouse-report.service';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/report')
export class WarehouseReportController extends ReportRoute({
  reports: WarehouseReportService,
  permission: 'wm.report',
  body: WarehouseReportDto,
  summary: 'Generate the warehouse report, one sheet per type, as XLSX (default) or PDF',
}) {}
