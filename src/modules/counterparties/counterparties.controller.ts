import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { DeprecatedAliasOf } from '../../core/http/deprecated-alias';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { CounterpartiesService } from './counterparties.service';
import { CounterpartyEntity } from './counterparty.entity';
import {
  CounterpartyDto,
  CreateCounterpartyDto,
  ListCounterpartiesQueryDto,
  UpdateCounterpartyDto,
} from './dto/counterparty.dto';

@ApiTags('Counterparties')
@Controller('companies/:id/modules/cpm/counterparties')
@CompanyResources({ counterpartyId: CounterpartyEntity })
export class CounterpartiesController {
  constructor(private readonly counterparties: CounterpartiesService) {}

  @Get()
  @RequirePermission('cpm.counterparties')
  @ApiOperation({ summary: "The company's counterparties, by name then id" })
  @ApiPage('counterparties', CounterpartyDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListCounterpartiesQueryDto) {
    return this.counterparties.list(company, query);
  }

  @Post()
  @RequirePermission('cpm.counterparties.create')
  @ApiOperation({ summary: 'Create a counterparty' })
  @ApiEnvelope(CounterpartyDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateCounterpartyDto) {
    return this.counterparties.create(company, body);
  }

  @Get(':counterpartyId')
  @RequirePermission('cpm.counterparties')
  @ApiOperation({ summary: 'One counterparty' })
  @ApiEnvelope(CounterpartyDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('counterpartyId') id: string) {
    return this.counterparties.get(company, id);
  }

  @Patch(':counterpartyId')
  @RequirePermission('cpm.counterparties.update')
  @ApiOperation({ summary: 'Change a counterparty; only the fields sent change, null clears an optional one' })
  @ApiEnvelope(CounterpartyDto)
  update(
    @CurrentCompany() company: CompanyAccess,
    @Param('counterpartyId') id: string,
    @Body() body: UpdateCounterpartyDto,
  ) {
    return this.counterparties.update(company, id, body);
  }

  @Post(':counterpartyId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('cpm.counterparties.update')
  @ApiOperation({ summary: 'Make the counterparty active (no change if it already is)' })
  @ApiEnvelope(CounterpartyDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('counterpartyId') id: string) {
    return this.counterparties.setStatus(company, id, 'active');
  }

  @Post(':counterpartyId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('cpm.counterparties.update')
  @ApiOperation({ summary: 'Make the counterparty inactive (no change if it already is)' })
  @ApiEnvelope(CounterpartyDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('counterpartyId') id: string) {
    return this.counterparties.setStatus(company, id, 'inactive');
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
