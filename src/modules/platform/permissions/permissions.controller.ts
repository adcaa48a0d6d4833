import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/auth.decorators';
import { PermissionCatalog } from '../../../core/access/permission-catalog';
import { PermissionDto } from '../../../core/access/permission.dto';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Public')
@Public()
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly catalog: PermissionCatalog) {}

  /** The whole permission catalog (not paginated) */
  @Get()
  @Endpoint({ answer: [PermissionDto] })
  list() {
    return this.catalog.list();
  }
}
