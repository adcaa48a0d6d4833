import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../../core/http/validators';
import { DELIVERY_STATUSES, WebhookDeliveryEntity } from '../webhook-delivery.entity';
import { WebhookEntity } from '../webhook.entity';

export class CreateWebhookDto {
  /** `https` and a public address (CONTRACT 19); `http` and private addresses only with WEBHOOK_ALLOW_PRIVATE. */
  @ApiProperty({ example: 'https://example.com/hooks/platform' })
  @IsString()
  @MaxLength(2048)
  url: string;

  /** The audit keys to hear of (e.g. `crm.clients.create`), or `*` for every change. */
  @ApiProperty({ example: ['crm.clients.create', 'crm.clients.update'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  events: string[];

  @ApiProperty({ example: 'Orders to the ERP', required: false, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}

/** Only the fields sent change; null clears the description. */
export class UpdateWebhookDto extends PartialType(CreateWebhookDto, { skipNullProperties: false }) {
  /** Off stops deliveries; on again resumes the pending ones. */
  @Omittable()
  @IsBoolean()
  active?: boolean;
}

/** A webhook as the API shows it: never its secrets. */
export class WebhookDto extends OmitType(WebhookEntity, [
  'company_id',
  'company',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'failing_since',
] as const) {}

/** A webhook with its signing secret, shown only when created or rotated. */
export class WebhookWithSecretDto extends WebhookDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret: string;
}

export class DeliveryDto extends OmitType(WebhookDeliveryEntity, [
  'webhook',
  'webhook_id',
  'company_id',
  'event',
] as const) {
  @ApiProperty({ example: 'crm.clients.create' })
  event_type: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  declare status: string;
}
