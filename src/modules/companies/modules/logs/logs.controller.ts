import { Controller, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { AuditLogEntity } from '../../../../core/audit/audit-log.entity';
import { ActivityPointDto, ActivityQueryDto, ListLogsQueryDto, LogDetailDto, LogDto } from './dto/log.dto';
import { LogsService } from './logs.service';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';

@ApiTags('Logs')
@Controller('companies/:id/modules/logs')
@CompanyResources({ logId: AuditLogEntity })
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  /** Audit records, newest first, filtered by initiator, key, status, criticality, time and metadata text */
  @Get()
  @Endpoint({ permission: 'logs', page: ['logs', LogDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListLogsQueryDto) {
    return this.logs.list(company, query);
  }

  /** Records per UTC day of the window (default the last 30 days, today included), ascending */
  @Get('activity')
  @Endpoint({ permission: 'logs.activity', answer: [ActivityPointDto] })
  getLogActivity(@CurrentCompany() company: CompanyAccess, @Query() query: ActivityQueryDto) {
    return this.logs.activity(company, query);
  }

  /** Delete every record of the company; the clear itself is then recorded */
  @Post('clear')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'logs.clear', answer: 'empty' })
  clearLogs(@CurrentCompany() company: CompanyAccess) {
    return this.logs.clear(company);
  }

  /** Delete the records older than 30 days; the optimize itself is then recorded */
  @Post('optimize')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'logs.optimize', answer: 'empty' })
  optimizeLogs(@CurrentCompany() company: CompanyAccess) {
    return this.logs.optimize(company);
  }

  /** One record, with its metadata */
  @Get(':logId')
  @Endpoint({ permission: 'logs', answer: LogDetailDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('logId') id: string) {
    return this.logs.get(company, id);
  }
}
