import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { CreatePositionDto, ListPositionsQueryDto, PositionDto, UpdatePositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';
import { PositionsService } from './positions.service';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/positions')
@CompanyResources({ positionId: PositionEntity })
export class PositionsController {
  constructor(private readonly positions: PositionsService) {}

  @Get()
  @RequirePermission('hrm.positions')
  @ApiOperation({ summary: "The company's positions, newest first, searched by name" })
  @ApiPage('positions', PositionDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListPositionsQueryDto) {
    return this.positions.list(company, query);
  }

  @Post()
  @RequirePermission('hrm.positions.create')
  @ApiOperation({ summary: 'Create a position; permissions must be catalog codes (400 otherwise)' })
  @ApiEnvelope(PositionDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreatePositionDto) {
    return this.positions.create(company, body);
  }

  @Get(':positionId')
  @RequirePermission('hrm.positions')
  @ApiOperation({ summary: 'One position' })
  @ApiEnvelope(PositionDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    return this.positions.get(company, id);
  }

  @Patch(':positionId')
  @RequirePermission('hrm.positions.update')
  @ApiOperation({
    summary: "Change a position; only the fields sent change. Its holders' permissions change at once",
  })
  @ApiEnvelope(PositionDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string, @Body() body: UpdatePositionDto) {
    return this.positions.update(company, id, body);
  }

  @Delete(':positionId')
  @RequirePermission('hrm.positions.delete')
  @ApiOperation({ summary: "Delete a position; its employees stay and lose the position's permissions" })
  @ApiEnvelope()
  async delete(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    await this.positions.delete(company, id);
  }
}
