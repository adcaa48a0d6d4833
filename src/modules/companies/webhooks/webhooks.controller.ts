import { Body, Controller, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { Post, Patch, Delete } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources } from '../../../core/access/company-route.decorators';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { PreparesFirst } from '../../../core/audit/staged-write';
import { RevealsSecret } from '../../../core/idempotency/idempotency';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { CreateWebhookDto, DeliveryDto, UpdateWebhookDto, WebhookDto, WebhookWithSecretDto } from './dto/webhook.dto';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEntity } from './webhook.entity';
import { WebhooksService } from './webhooks.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Webhooks')
@Controller('companies/:id/webhooks')
@CompanyResources({ webhookId: WebhookEntity, deliveryId: WebhookDeliveryEntity })
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** The company's webhooks, newest first */
  @Get()
  @Endpoint({ permission: 'webhooks', page: ['webhooks', WebhookDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.webhooks.list(company, query);
  }

  /** Subscribe a URL to changes of the company; `secret` is shown only here (docs/webhooks.md) */
  @Post()
  @Endpoint({
    permission: 'webhooks.create',
    credential: 'password',
    answer: WebhookWithSecretDto,
    status: HttpStatus.CREATED,
  })
  @RevealsSecret()
  @PreparesFirst()
  create(@CurrentAuth() auth: AuthContext, @CurrentCompany() company: CompanyAccess, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(auth, company, body);
  }

  /** One webhook */
  @Get(':webhookId')
  @Endpoint({ permission: 'webhooks', answer: WebhookDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string) {
    return this.webhooks.get(company, id);
  }

  /** Change a webhook; only the fields sent change. `active: false` pauses its deliveries */
  @Patch(':webhookId')
  @Endpoint({ permission: 'webhooks.update', answer: WebhookDto })
  @PreparesFirst()
  update(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string, @Body() body: UpdateWebhookDto) {
    return this.webhooks.update(company, id, body);
  }

  /** Delete a webhook and its pending deliveries */
  @Delete(':webhookId')
  @Endpoint({ permission: 'webhooks.delete', answer: 'empty' })
  remove(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string) {
    return this.webhooks.remove(company, id);
  }

  /** A new signing secret, shown only here; the old one keeps signing beside it for 24 hours */
  @Post(':webhookId/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'webhooks.update', credential: 'password', answer: WebhookWithSecretDto })
  @RevealsSecret()
  rotateSecret(
    @CurrentAuth() auth: AuthContext,
    @CurrentCompany() company: CompanyAccess,
    @Param('webhookId') id: string,
  ) {
    return this.webhooks.rotateSecret(auth, company, id);
  }

  /** The webhook's deliveries, newest first */
  @Get(':webhookId/deliveries')
  @Endpoint({ permission: 'webhooks', page: ['deliveries', DeliveryDto] })
  deliveries(@Param('webhookId') id: string, @Query() query: PageQueryDto) {
    return this.webhooks.deliveries(id, query);
  }

  /** Queue a delivery again at once; its attempts count on */
  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'webhooks.update', answer: DeliveryDto })
  retry(@Param('webhookId') id: string, @Param('deliveryId') deliveryId: string) {
    return this.webhooks.retry(id, deliveryId);
  }
}
