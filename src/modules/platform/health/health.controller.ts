import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/auth.decorators';
import { HealthService } from './health.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

class LivenessDto {
  @ApiProperty({ example: 'ok' }) status: string;
}

class DependencyHealthDto {
  @ApiProperty({ enum: ['up', 'down'], description: 'Whether the database answers `SELECT 1` within 2 s' })
  database: 'up' | 'down';
  @ApiProperty({
    enum: ['up', 'down'],
    description:
      'The object store as its last call found it: down from a call it failed to answer until it answers again',
  })
  storage: 'up' | 'down';
}

class StatusDto {
  @ApiProperty({ example: '1.5.30' }) version: string;
  @ApiProperty({ description: 'Seconds since the process started' }) uptime_s: number;
  @ApiProperty({ format: 'date-time' }) started_at: string;
}

class BillingStatusDto {
  /** False: no payment provider is connected. */
  @ApiProperty({ enum: [false] }) enabled: false;
  /** `manual`: a plan purchase waits for an administrator to confirm it (CONTRACT 17). */
  @ApiProperty({ enum: ['manual'] }) mode: 'manual';
}

@ApiTags('Service')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness probe: the process answers */
  @Get('health/live')
  @Endpoint({ answer: LivenessDto })
  checkLiveness(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @Endpoint({
    summary: "Readiness probe: the database answers (the object store's state is reported, not required)",
    answer: DependencyHealthDto,
  })
  @ApiServiceUnavailableResponse({ description: 'Database unreachable (error.details names it)' })
  checkReadiness(): Promise<DependencyHealthDto> {
    return this.health.readiness();
  }

  /** Each dependency's state; always 200 (for dashboards, not probes) */
  @Get('health')
  @Endpoint({ answer: DependencyHealthDto })
  getHealth(): Promise<DependencyHealthDto> {
    return this.health.dependencies();
  }

  /** Build version and uptime */
  @Get('status')
  @Endpoint({ answer: StatusDto })
  getStatus(): StatusDto {
    return this.health.status();
  }

  /** Whether payments are taken online: never here, purchases wait for an administrator */
  @Get('status/billing')
  @Endpoint({ answer: BillingStatusDto })
  getBillingStatus(): BillingStatusDto {
    return { enabled: false, mode: 'manual' };
  }
}
