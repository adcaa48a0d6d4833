import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { UuidParam } from '../../../../core/http/validation';
import { Patch } from '../../../../core/http/verbs';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { PartnerApplicationDto, PartnersService } from '../../partners/partners.face';
import { SystemFigures } from '../system/system-figures';
import { ListPartnersQueryDto, UpdatePartnerDto } from './dto/admin-partner.dto';

@ApiTags('Admin')
@Controller('admin/partners')
export class AdminPartnersController {
  constructor(
    private readonly partners: PartnersService,
    private readonly figures: SystemFigures,
  ) {}

  /** Partner applications, newest first; search matches the name or the e-mail */
  @Get()
  @AdminRoute(4)
  @Endpoint({ page: ['partners', PartnerApplicationDto] })
  list(@Query() query: ListPartnersQueryDto) {
    return this.partners.directory(query, { status: query.status, search: query.search }, (name) =>
      this.figures.keptTotal(name),
    );
  }

  /** A partner application */
  @Get(':partnerId')
  @AdminRoute(4)
  @Endpoint({ answer: PartnerApplicationDto })
  get(@UuidParam('partnerId') partnerId: string) {
    return this.partners.get(partnerId);
  }

  /** Approve (`success`) or ban an application, or set it waiting again */
  @Patch(':partnerId')
  @AdminRoute(4, { action: 'partners.update' })
  @Endpoint({ answer: PartnerApplicationDto })
  update(@UuidParam('partnerId') partnerId: string, @Body() body: UpdatePartnerDto) {
    return this.partners.setStatus(partnerId, body.status);
  }
}
