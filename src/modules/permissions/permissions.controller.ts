import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { PermissionDto } from './dto/permission.dto';
import { PermissionsService } from './permissions.service';

@ApiTags('Public')
@Public()
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  @ApiOperation({ summary: 'The whole permission catalog (not paginated)' })
  @ApiEnvelope(PermissionDto, { isArray: true })
  list() {
    return this.permissions.list();
  }
}
