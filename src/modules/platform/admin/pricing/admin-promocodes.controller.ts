import { Body, Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { UuidParam } from '../../../../core/http/validation';
import { Delete, Patch, Post } from '../../../../core/http/verbs';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { Promocodes } from '../../../companies/plans/plans.face';
import { SystemFigures } from '../system/system-figures';
import { AdminPromocodesService } from './admin-promocodes.service';
import { CreatePromocodeDto, PromocodeDto, UpdatePromocodeDto } from './dto/admin-promocode.dto';

@ApiTags('Admin')
@Controller('admin/pricing/promocodes')
export class AdminPromocodesController {
  constructor(
    private readonly promocodes: Promocodes,
    private readonly service: AdminPromocodesService,
    private readonly figures: SystemFigures,
  ) {}

  /** Every promocode, newest first */
  @Get()
  @AdminRoute(4)
  @Endpoint({ page: ['promocodes', PromocodeDto] })
  list(@Query() query: PageQueryDto) {
    return this.promocodes.list(query, this.figures.keptTotal('promocodes'));
  }

  /** A promocode */
  @Get(':promocodeId')
  @AdminRoute(4)
  @Endpoint({ answer: PromocodeDto })
  get(@UuidParam('promocodeId') id: string) {
    return this.promocodes.get(id);
  }

  /** Create a promocode */
  @Post()
  @AdminRoute(4, { action: 'pricing.promocodes.create' })
  @Endpoint({
    answer: PromocodeDto,
    status: HttpStatus.CREATED,
    errors: { conflict: 'a promocode with this code exists (case-insensitively)' },
  })
  create(@Body() body: CreatePromocodeDto) {
    return this.service.create(body);
  }

  /** Change a promocode */
  @Patch(':promocodeId')
  @AdminRoute(4, { action: 'pricing.promocodes.update' })
  @Endpoint({ answer: PromocodeDto, errors: { conflict: 'a promocode with this code exists (case-insensitively)' } })
  update(@UuidParam('promocodeId') id: string, @Body() body: UpdatePromocodeDto) {
    return this.service.update(id, body);
  }

  /** Delete a promocode; answers the deleted promocode */
  @Delete(':promocodeId')
  @AdminRoute(4, { action: 'pricing.promocodes.delete' })
  @Endpoint({ answer: PromocodeDto })
  remove(@UuidParam('promocodeId') id: string) {
    return this.promocodes.remove(id);
  }
}
