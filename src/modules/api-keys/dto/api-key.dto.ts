import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { TrimmedName } from '../../../core/http/validators';

export const API_KEY_LIFETIMES = { '24h': 24 * 3600, '48h': 48 * 3600, never: null } as const;
export type ApiKeyLifetime = keyof typeof API_KEY_LIFETIMES;
export const MAX_DAILY_REQUESTS = 1_000_000;

export class CreateApiKeyDto {
  /** Application name. */
  @TrimmedName()
  name: string;

  @ApiProperty({ enum: Object.keys(API_KEY_LIFETIMES), default: 'never', required: false })
  @IsOptional()
  @IsIn(Object.keys(API_KEY_LIFETIMES))
  expires_in?: ApiKeyLifetime;

  /** Requests per UTC day, 1 to 1,000,000. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_DAILY_REQUESTS)
  daily_requests?: number = 1000;
}

export class ApiKeyListItemDto {
  id: string;
  name: string;
  /** First characters of the key, for identification. */
  key_prefix: string;
  daily_requests: number;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export class ApiKeyDto extends ApiKeyListItemDto {
  /** Owner. */
  account_id: string;
  updated_at: Date;
}

export class ApiKeyWithRawDto {
  id: string;
  name: string;
  /** The full key: shown only in this response. */
  raw_key: string;
  key_prefix: string;
  daily_requests: number;
  expires_at: Date | null;
  created_at: Date;
}
