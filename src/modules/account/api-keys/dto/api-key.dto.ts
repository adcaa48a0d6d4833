import { ApiProperty, OmitType, PickType } from '@nestjs/swagger';
import { ApiKeyEntity } from '../api-key.entity';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { OneOf, TrimmedName } from '../../../../core/http/validators';

export const API_KEY_LIFETIMES = { '24h': 24 * 3600, '48h': 48 * 3600, never: null } as const;
export type ApiKeyLifetime = keyof typeof API_KEY_LIFETIMES;
export const MAX_DAILY_REQUESTS = 1_000_000;

export class CreateApiKeyDto {
  /** Application name. */
  @TrimmedName()
  @ApiProperty({ example: 'CRM sync' })
  name: string;

  @OneOf(Object.keys(API_KEY_LIFETIMES), { optional: true, default: 'never' })
  expires_in?: ApiKeyLifetime;

  /** Requests per UTC day, 1 to 1,000,000. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_DAILY_REQUESTS)
  daily_requests?: number = 1000;
}

/** The key as GET one returns it: every column but the hash (and not the owner's account row, which holds credentials). */
export class ApiKeyDto extends OmitType(ApiKeyEntity, ['key_hash', 'account'] as const) {}

/** A key in the list (spec: API key list item). */
export class ApiKeyListItemDto extends OmitType(ApiKeyDto, ['account_id', 'updated_at'] as const) {}

/** The creation answer: the only time the whole key is shown. */
export class ApiKeyWithRawDto extends PickType(ApiKeyDto, [
  'id',
  'name',
  'key_prefix',
  'daily_requests',
  'expires_at',
  'created_at',
] as const) {
  /** The full key: shown only in this response. */
  raw_key: string;
}
