import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EventOutbox } from '../../../core/audit/event-outbox';
import { WEBHOOK_SETTINGS, webhookSettings } from './webhook-settings';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Global because core's audit trail writes every change's event through its outbox. */
@Global()
@Module({
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhooksRepository,
    WebhookDeliverer,
    { provide: EventOutbox, useExisting: WebhooksRepository },
    { provide: WEBHOOK_SETTINGS, inject: [ConfigService], useFactory: webhookSettings },
  ],
  exports: [EventOutbox],
})
export class WebhooksModule {}
