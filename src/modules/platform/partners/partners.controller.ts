import { Body, Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { Public } from '../../../core/auth/auth.decorators';
import { ClientAddress } from '../../../core/limits/client-address';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { BecomePartnerDto, PartnerApplicationDto, PartnerRequestReceivedDto } from './dto/partner.dto';
import { PartnersService } from './partners.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Partners')
@Controller('partners')
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  /** Apply to become a partner (no credential); at most 5 applications an hour from one client address */
  @Public()
  @Post('become')
  @Endpoint({
    answer: PartnerRequestReceivedDto,
    status: HttpStatus.CREATED,
    errors: { rate_limited: 'the 5 applications of the hour from this address are spent; see Retry-After' },
  })
  become(@Body() body: BecomePartnerDto, @ClientAddress() address: string) {
    return this.partners.apply(body, address);
  }

  /** Partner applications, newest first (platform administrators only) */
  @Get('applications')
  @Endpoint({
    page: ['applications', PartnerApplicationDto],
    errors: { forbidden: 'the caller is not a platform administrator' },
  })
  list(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto) {
    return this.partners.list(auth, query);
  }
}
