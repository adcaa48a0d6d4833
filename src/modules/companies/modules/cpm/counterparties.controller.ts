import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { DeprecatedAliasOf } from '../../../../core/http/deprecated-alias';
import { StatusRoutes } from '../../../../core/http/status-routes';
import { CounterpartiesService } from './counterparties.service';
import { CounterpartyEntity } from './counterparty.entity';
import {
  CounterpartyDto,
  CreateCounterpartyDto,
  ListCounterpartiesQueryDto,
  UpdateCounterpartyDto,
} from './dto/counterparty.dto';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';

@ApiTags('Counterparties')
@Controller('companies/:id/modules/cpm/counterparties')
@CompanyResources({ counterpartyId: CounterpartyEntity })
export class CounterpartiesController extends StatusRoutes({
  param: 'counterpartyId',
  permission: 'cpm.counterparties.update',
  answer: CounterpartyDto,
  routes: {
    activate: { status: 'active', summary: 'Make the counterparty active (no change if it already is)' },
    deactivate: { status: 'inactive', summary: 'Make the counterparty inactive (no change if it already is)' },
  },
}) {
  constructor(private readonly counterparties: CounterpartiesService) {
    super();
  }

  /** The company's counterparties, by name then id */
  @Get()
  @Endpoint({ permission: 'cpm.counterparties', page: ['counterparties', CounterpartyDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCounterpartiesQueryDto) {
    return this.counterparties.list(company, query);
  }

  /** Create a counterparty */
  @Post()
  @Endpoint({ permission: 'cpm.counterparties.create', answer: CounterpartyDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCounterpartyDto) {
    return this.counterparties.create(company, body);
  }

  /** One counterparty */
  @Get(':counterpartyId')
  @Endpoint({ permission: 'cpm.counterparties', answer: CounterpartyDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('counterpartyId') id: string) {
    return this.counterparties.get(company, id);
  }

  /** Change a counterparty; only the fields sent change, null clears an optional one */
  @Patch(':counterpartyId')
  @Endpoint({ permission: 'cpm.counterparties.update', answer: CounterpartyDto })
  update(
    @CurrentCompany() company: CompanyAccess,
    @Param('counterpartyId') id: string,
    @Body() body: UpdateCounterpartyDto,
  ) {
    return this.counterparties.update(company, id, body);
  }

  setStatus(company: CompanyAccess, id: string, status: Parameters<CounterpartiesService['setStatus']>[2]) {
    return this.counterparties.setStatus(company, id, status);
  }
}

/**
 * The platform's web client still calls counterparties under fm (CONTRACT 17); the Kroncl server
 * and this service serve them under cpm. Same operations, deprecated in OpenAPI.
 */
@ApiTags('Counterparties')
@Controller('companies/:id/modules/fm/counterparties')
@CompanyResources({ counterpartyId: CounterpartyEntity })
@DeprecatedAliasOf(CounterpartiesController, '/companies/{id}/modules/cpm/counterparties')
export class FmCounterpartiesController extends CounterpartiesController {}
