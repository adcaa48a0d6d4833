import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { PermissionCatalog } from '../../core/access/permission-catalog';
import { PermissionDto } from '../../core/access/permission.dto';

@ApiTags('Public')
@Public()
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly catalog: PermissionCatalog) {}

  @Get()
  @ApiOperation({ summary: 'The whole permission catalog (not paginated)' })
  @ApiEnvelope(PermissionDto, { isArray: true })
  list() {
    return this.catalog.list();
  }
}
