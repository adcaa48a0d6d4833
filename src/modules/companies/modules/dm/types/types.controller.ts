import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { DealTypeEntity } from './deal-type.entity';
import {
  CreateDealTypeDto,
  DealTypeDeletedDto,
  DealTypeDto,
  ListDealTypesQueryDto,
  UpdateDealTypeDto,
} from './dto/deal-type.dto';
import { DealTypesService } from './types.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/types')
@CompanyResources({ typeId: DealTypeEntity })
export class DealTypesController {
  constructor(private readonly types: DealTypesService) {}

  /** Deal types, by name, filtered by search (name, comment) */
  @Get()
  @Endpoint({ permission: 'dm.types', page: ['deal_types', DealTypeDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealTypesQueryDto) {
    return this.types.list(company, query);
  }

  /** Create a deal type */
  @Post()
  @Endpoint({ permission: 'dm.types.create', answer: DealTypeDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealTypeDto) {
    return this.types.create(company, body);
  }

  /** One deal type */
  @Get(':typeId')
  @Endpoint({ permission: 'dm.types', answer: DealTypeDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string) {
    return this.types.get(company, id);
  }

  /** Change a deal type; only the fields sent change */
  @Patch(':typeId')
  @Endpoint({ permission: 'dm.types.update', answer: DealTypeDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string, @Body() body: UpdateDealTypeDto) {
    return this.types.update(company, id, body);
  }

  /** Delete a deal type; 409 while a deal has it */
  @Delete(':typeId')
  @Endpoint({ permission: 'dm.types.delete', answer: DealTypeDeletedDto })
  delete(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string) {
    return this.types.delete(company, id);
  }
}
