import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { CreatePositionDto, ListPositionsQueryDto, PositionDto, UpdatePositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';
import { PositionsService } from './positions.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/positions')
@CompanyResources({ positionId: PositionEntity })
export class PositionsController {
  constructor(private readonly positions: PositionsService) {}

  /** The company's positions, newest first, searched by name */
  @Get()
  @Endpoint({ permission: 'hrm.positions', page: ['positions', PositionDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListPositionsQueryDto) {
    return this.positions.list(company, query);
  }

  /** Create a position; permissions must be catalog codes (400 otherwise) */
  @Post()
  @Endpoint({ permission: 'hrm.positions.create', answer: PositionDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreatePositionDto) {
    return this.positions.create(company, body);
  }

  /** One position */
  @Get(':positionId')
  @Endpoint({ permission: 'hrm.positions', answer: PositionDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    return this.positions.get(company, id);
  }

  /** Change a position; only the fields sent change. Its holders' permissions change at once */
  @Patch(':positionId')
  @Endpoint({ permission: 'hrm.positions.update', answer: PositionDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string, @Body() body: UpdatePositionDto) {
    return this.positions.update(company, id, body);
  }

  /** Delete a position; its employees stay and lose the position's permissions */
  @Delete(':positionId')
  @Endpoint({ permission: 'hrm.positions.delete', answer: 'empty' })
  async delete(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    await this.positions.delete(company, id);
  }
}
