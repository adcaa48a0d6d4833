import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { RevealsSecret } from '../../core/idempotency/idempotency';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { CreateWebhookDto, DeliveryDto, UpdateWebhookDto, WebhookDto, WebhookWithSecretDto } from './dto/webhook.dto';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEntity } from './webhook.entity';
import { WebhooksService } from './webhooks.service';

@ApiTags('Webhooks')
@Controller('companies/:id/webhooks')
@CompanyResources({ webhookId: WebhookEntity, deliveryId: WebhookDeliveryEntity })
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @RequirePermission('webhooks')
  @ApiOperation({ summary: "The company's webhooks, newest first" })
  @ApiPage('webhooks', WebhookDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: PageQueryDto) {
    return this.webhooks.list(company, query);
  }

  @Post()
  @RequirePermission('webhooks.create')
  @RevealsSecret()
  @ApiOperation({
    summary: 'Subscribe a URL to changes of the company; `secret` is shown only here (docs/webhooks.md)',
  })
  @ApiEnvelope(WebhookWithSecretDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(company, body);
  }

  @Get(':webhookId')
  @RequirePermission('webhooks')
  @ApiOperation({ summary: 'One webhook' })
  @ApiEnvelope(WebhookDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string) {
    return this.webhooks.get(company, id);
  }

  @Patch(':webhookId')
  @RequirePermission('webhooks.update')
  @ApiOperation({ summary: 'Change a webhook; only the fields sent change. `active: false` pauses its deliveries' })
  @ApiEnvelope(WebhookDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string, @Body() body: UpdateWebhookDto) {
    return this.webhooks.update(company, id, body);
  }

  @Delete(':webhookId')
  @RequirePermission('webhooks.delete')
  @ApiOperation({ summary: 'Delete a webhook and its pending deliveries' })
  @ApiEnvelope()
  remove(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string) {
    return this.webhooks.remove(company, id);
  }

  @Post(':webhookId/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('webhooks.update')
  @RevealsSecret()
  @ApiOperation({ summary: 'A new signing secret, shown only here; the old one keeps signing beside it for 24 hours' })
  @ApiEnvelope(WebhookWithSecretDto)
  rotateSecret(@CurrentCompany() company: CompanyAccess, @Param('webhookId') id: string) {
    return this.webhooks.rotateSecret(company, id);
  }

  @Get(':webhookId/deliveries')
  @RequirePermission('webhooks')
  @ApiOperation({ summary: "The webhook's deliveries, newest first" })
  @ApiPage('deliveries', DeliveryDto)
  deliveries(@Param('webhookId') id: string, @Query() query: PageQueryDto) {
    return this.webhooks.deliveries(id, query);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('webhooks.update')
  @ApiOperation({ summary: 'Queue a delivery again at once; its attempts count on' })
  @ApiEnvelope(DeliveryDto)
  retry(@Param('webhookId') id: string, @Param('deliveryId') deliveryId: string) {
    return this.webhooks.retry(id, deliveryId);
  }
}
