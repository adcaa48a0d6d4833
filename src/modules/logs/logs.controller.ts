import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { AuditLogEntity } from '../../core/audit/audit-log.entity';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { ActivityPointDto, ActivityQueryDto, ListLogsQueryDto, LogDetailDto, LogDto } from './dto/log.dto';
import { LogsService } from './logs.service';

@ApiTags('Logs')
@Controller('companies/:id/modules/logs')
@CompanyResources({ logId: AuditLogEntity })
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @RequirePermission('logs')
  @ApiOperation({
    summary: 'Audit records, newest first, filtered by initiator, key, status, criticality, time and metadata text',
  })
  @ApiPage('logs', LogDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListLogsQueryDto) {
    return this.logs.list(company, query);
  }

  @Get('activity')
  @RequirePermission('logs.activity')
  @ApiOperation({ summary: 'Records per UTC day of the window (default the last 30 days, today included), ascending' })
  @ApiEnvelope(ActivityPointDto, { isArray: true })
  getLogActivity(@CurrentCompany() company: CompanyAccess, @Query() query: ActivityQueryDto) {
    return this.logs.activity(company, query);
  }

  @Post('clear')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('logs.clear')
  @ApiOperation({ summary: 'Delete every record of the company; the clear itself is then recorded' })
  @ApiEnvelope()
  clearLogs(@CurrentCompany() company: CompanyAccess) {
    return this.logs.clear(company);
  }

  @Post('optimize')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('logs.optimize')
  @ApiOperation({ summary: 'Delete the records older than 30 days; the optimize itself is then recorded' })
  @ApiEnvelope()
  optimizeLogs(@CurrentCompany() company: CompanyAccess) {
    return this.logs.optimize(company);
  }

  @Get(':logId')
  @RequirePermission('logs')
  @ApiOperation({ summary: 'One record, with its metadata' })
  @ApiEnvelope(LogDetailDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('logId') id: string) {
    return this.logs.get(company, id);
  }
}
