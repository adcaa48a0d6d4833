import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { DealTypeEntity } from './deal-type.entity';
import {
  CreateDealTypeDto,
  DealTypeDeletedDto,
  DealTypeDto,
  ListDealTypesQueryDto,
  UpdateDealTypeDto,
} from './dto/deal-type.dto';
import { DealTypesService } from './types.service';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/types')
@CompanyResources({ typeId: DealTypeEntity })
export class DealTypesController {
  constructor(private readonly types: DealTypesService) {}

  @Get()
  @RequirePermission('dm.types')
  @ApiOperation({ summary: 'Deal types, by name, filtered by search (name, comment)' })
  @ApiPage('deal_types', DealTypeDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealTypesQueryDto) {
    return this.types.list(company, query);
  }

  @Post()
  @RequirePermission('dm.types.create')
  @ApiOperation({ summary: 'Create a deal type' })
  @ApiEnvelope(DealTypeDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealTypeDto) {
    return this.types.create(company, body);
  }

  @Get(':typeId')
  @RequirePermission('dm.types')
  @ApiOperation({ summary: 'One deal type' })
  @ApiEnvelope(DealTypeDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string) {
    return this.types.get(company, id);
  }

  @Patch(':typeId')
  @RequirePermission('dm.types.update')
  @ApiOperation({ summary: 'Change a deal type; only the fields sent change' })
  @ApiEnvelope(DealTypeDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string, @Body() body: UpdateDealTypeDto) {
    return this.types.update(company, id, body);
  }

  @Delete(':typeId')
  @RequirePermission('dm.types.delete')
  @ApiOperation({ summary: 'Delete a deal type; 409 while a deal has it' })
  @ApiEnvelope(DealTypeDeletedDto)
  delete(@CurrentCompany() company: CompanyAccess, @Param('typeId') id: string) {
    return this.types.delete(company, id);
  }
}
