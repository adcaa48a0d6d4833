import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute, servedAdminLevel } from '../../../../core/access/admin-route.decorators';
import { AuthContext, CurrentAuth } from '../../../../core/auth/auth-context';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { AdminCheckDto, AdminHealthDto } from './dto/admin-check.dto';

@ApiTags('Admin')
@Controller('admin')
export class AdminAccessController {
  /** Whether the console is reachable for the caller (any administrator) */
  @Get('health')
  @AdminRoute(1)
  @Endpoint({ answer: AdminHealthDto })
  health(@CurrentAuth() auth: AuthContext): AdminHealthDto {
    return { account_id: auth.account.id };
  }

  /** The caller's administrator standing, which the console reads to decide what it shows */
  @Get('check')
  @AdminRoute(1)
  @Endpoint({ answer: AdminCheckDto })
  check(@CurrentAuth() auth: AuthContext): AdminCheckDto {
    return { is_admin: true, admin_level: servedAdminLevel(auth.account.admin_level)!, account_id: auth.account.id };
  }
}
