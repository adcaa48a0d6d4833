import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { SecurityEvents } from '../../../core/security/security-events';
import { SecurityEventDto } from './dto/security-event.dto';

@ApiTags('Account')
@Controller('account/security-events')
export class SecurityEventsController {
  constructor(private readonly events: SecurityEvents) {}

  /** The account's security events of the last 90 days, newest first (sign-ins, password, keys, fingerprints, webhook secrets) */
  @Get()
  @Endpoint({ credential: 'password', page: ['events', SecurityEventDto] })
  list(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.events.list(auth.account.id, query);
  }
}
