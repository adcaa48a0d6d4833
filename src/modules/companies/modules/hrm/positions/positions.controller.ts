import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { CreatePositionDto, ListPositionsQueryDto, PositionDto, UpdatePositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';
import { PositionsService } from './positions.service';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/positions')
@CompanyResources({ positionId: PositionEntity })
export class PositionsController extends RecordRoutes({
  service: PositionsService,
  param: 'positionId',
  permission: 'hrm.positions',
  answer: PositionDto,
  list: {
    key: 'positions',
    query: ListPositionsQueryDto,
    summary: "The company's positions, newest first, searched by name",
  },
  create: { body: CreatePositionDto, summary: 'Create a position; permissions must be catalog codes (400 otherwise)' },
  get: { summary: 'One position' },
  update: {
    body: UpdatePositionDto,
    summary: "Change a position; only the fields sent change. Its holders' permissions change at once",
  },
  delete: { answer: 'empty', summary: "Delete a position; its employees stay and lose the position's permissions" },
}) {}
