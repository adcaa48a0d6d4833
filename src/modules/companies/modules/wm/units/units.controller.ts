import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { activation, RecordRoutes } from '../../../../../core/http/record-routes';
import { CreateUnitDto, ListUnitsQueryDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { CatalogUnitEntity } from './unit.entity';
import { UnitsService } from './units.service';

@ApiTags('Warehouse')
@Controller('companies/:id/modules/wm/catalog/units')
@CompanyResources({ unitId: CatalogUnitEntity })
export class CatalogUnitsController extends RecordRoutes({
  service: UnitsService,
  param: 'unitId',
  permission: 'wm.catalog.units',
  answer: UnitDto,
  list: {
    key: 'units',
    query: ListUnitsQueryDto,
    summary: 'Catalog units (goods and services) by name, with filters and search',
  },
  create: { body: CreateUnitDto, summary: 'Create a unit; each broken tracking rule is a 400 naming its field' },
  get: { summary: 'One unit' },
  update: {
    body: UpdateUnitDto,
    summary: 'Change a unit; the rules hold for the result (400); stock settings are frozen while it has stock (409)',
  },
  transitions: activation('unit'),
}) {}
