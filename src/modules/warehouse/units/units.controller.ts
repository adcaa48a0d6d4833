import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { CreateUnitDto, ListUnitsQueryDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { CatalogUnitEntity } from './unit.entity';
import { UnitsService } from './units.service';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/units')
@CompanyResources({ unitId: CatalogUnitEntity })
export class UnitsController {
  constructor(private readonly units: UnitsService) {}

  @Get()
  @RequirePermission('wm.catalog.units')
  @ApiOperation({ summary: 'Catalog units (goods and services) by name, with filters and search' })
  @ApiPage('units', UnitDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListUnitsQueryDto) {
    return this.units.list(company, query);
  }

  @Post()
  @RequirePermission('wm.catalog.units.create')
  @ApiOperation({ summary: 'Create a unit; each broken tracking rule is a 400 naming its field' })
  @ApiEnvelope(UnitDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateUnitDto) {
    return this.units.create(company, body);
  }

  @Get(':unitId')
  @RequirePermission('wm.catalog.units')
  @ApiOperation({ summary: 'One unit' })
  @ApiEnvelope(UnitDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string) {
    return this.units.get(company, id);
  }

  @Patch(':unitId')
  @RequirePermission('wm.catalog.units.update')
  @ApiOperation({
    summary: 'Change a unit; the rules hold for the result (400); stock settings are frozen while it has stock (409)',
  })
  @ApiEnvelope(UnitDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string, @Body() body: UpdateUnitDto) {
    return this.units.update(company, id, body);
  }

  @Post(':unitId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('wm.catalog.units.update')
  @ApiOperation({ summary: 'Make the unit active (no change if it already is)' })
  @ApiEnvelope(UnitDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string) {
    return this.units.setStatus(company, id, 'active');
  }

  @Post(':unitId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('wm.catalog.units.update')
  @ApiOperation({ summary: 'Make the unit inactive (no change if it already is)' })
  @ApiEnvelope(UnitDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string) {
    return this.units.setStatus(company, id, 'inactive');
  }
}
