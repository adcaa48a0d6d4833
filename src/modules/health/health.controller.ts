import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { HealthService } from './health.service';

class LivenessDto {
  @ApiProperty({ example: 'ok' }) status: string;
}

class DependencyHealthDto {
  @ApiProperty({ enum: ['up', 'down'], description: 'Whether the database answers `SELECT 1` within 2 s' })
  database: 'up' | 'down';
  @ApiProperty({
    enum: ['up', 'down'],
    description: 'The object store as its last call found it: down from a call it failed to answer until it answers again',
  })
  storage: 'up' | 'down';
}

class StatusDto {
  @ApiProperty({ example: '1.5.30' }) version: string;
  @ApiProperty({ description: 'Seconds since the process started' }) uptime_s: number;
  @ApiProperty({ format: 'date-time' }) started_at: string;
}

@ApiTags('Service')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health/live')
  @ApiOperation({ summary: 'Liveness probe: the process answers' })
  @ApiEnvelope(LivenessDto)
  checkLiveness(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @ApiOperation({
    summary: 'Readiness probe: the database answers (the object store\'s state is reported, not required)',
  })
  @ApiEnvelope(DependencyHealthDto)
  @ApiServiceUnavailableResponse({ description: 'Database unreachable (error.details names it)' })
  checkReadiness(): Promise<DependencyHealthDto> {
    return this.health.readiness();
  }

  @Get('health')
  @ApiOperation({ summary: "Each dependency's state; always 200 (for dashboards, not probes)" })
  @ApiEnvelope(DependencyHealthDto)
  getHealth(): Promise<DependencyHealthDto> {
    return this.health.dependencies();
  }

  @Get('status')
  @ApiOperation({ summary: 'Build version and uptime' })
  @ApiEnvelope(StatusDto)
  getStatus(): StatusDto {
    return this.health.status();
  }
}
