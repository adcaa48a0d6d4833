import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { AdminTrail } from '../../../../core/audit/admin-trail';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { SystemFigures } from '../system/system-figures';
import { AdminLogDto, ListAdminLogsQueryDto } from './dto/admin-log.dto';

@ApiTags('Admin')
@Controller('admin/logs')
export class AdminLogsController {
  constructor(
    private readonly trail: AdminTrail,
    private readonly figures: SystemFigures,
  ) {}

  /** The platform audit trail: every change made through the console, newest first */
  @Get()
  @AdminRoute(5)
  @Endpoint({ page: ['logs', AdminLogDto] })
  list(@Query() query: ListAdminLogsQueryDto) {
    const { admin_id, key, from, to } = query;
    return this.trail.list({ admin_id, key, from, to }, query, this.figures.keptTotal('admin_logs'));
  }
}
