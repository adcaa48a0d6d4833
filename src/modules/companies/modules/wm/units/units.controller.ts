import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { CreateUnitDto, ListUnitsQueryDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { CatalogUnitEntity } from './unit.entity';
import { UnitsService } from './units.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { StatusRoutes } from '../../../../../core/http/status-routes';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/units')
@CompanyResources({ unitId: CatalogUnitEntity })
export class CatalogUnitsController extends StatusRoutes({
  param: 'unitId',
  permission: 'wm.catalog.units.update',
  answer: UnitDto,
  routes: {
    activate: { status: 'active', summary: 'Make the unit active (no change if it already is)' },
    deactivate: { status: 'inactive', summary: 'Make the unit inactive (no change if it already is)' },
  },
}) {
  constructor(private readonly units: UnitsService) {
    super();
  }

  /** Catalog units (goods and services) by name, with filters and search */
  @Get()
  @Endpoint({ permission: 'wm.catalog.units', page: ['units', UnitDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListUnitsQueryDto) {
    return this.units.list(company, query);
  }

  /** Create a unit; each broken tracking rule is a 400 naming its field */
  @Post()
  @Endpoint({ permission: 'wm.catalog.units.create', answer: UnitDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateUnitDto) {
    return this.units.create(company, body);
  }

  /** One unit */
  @Get(':unitId')
  @Endpoint({ permission: 'wm.catalog.units', answer: UnitDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string) {
    return this.units.get(company, id);
  }

  /** Change a unit; the rules hold for the result (400); stock settings are frozen while it has stock (409) */
  @Patch(':unitId')
  @Endpoint({ permission: 'wm.catalog.units.update', answer: UnitDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('unitId') id: string, @Body() body: UpdateUnitDto) {
    return this.units.update(company, id, body);
  }

  setStatus(company: CompanyAccess, id: string, status: Parameters<UnitsService['setStatus']>[2]) {
    return this.units.setStatus(company, id, status);
  }
}
