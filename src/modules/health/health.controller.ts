import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { HealthService } from './health.service';

class LivenessDto {
  @ApiProperty({ example: 'ok' }) status: string;
}

class ReadinessDto {
  @ApiProperty({ example: 'up' }) database: string;
  @ApiProperty({ example: 'up' }) storage: string;
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
  @ApiOperation({ summary: 'Readiness probe: database and object storage reachable' })
  @ApiEnvelope(ReadinessDto)
  @ApiServiceUnavailableResponse({ description: 'Database or object storage unreachable (error.details names which)' })
  checkReadiness(): Promise<ReadinessDto> {
    return this.health.readiness();
  }

  @Get('status')
  @ApiOperation({ summary: 'Build version and uptime' })
  @ApiEnvelope(StatusDto)
  getStatus(): StatusDto {
    return this.health.status();
  }
}
