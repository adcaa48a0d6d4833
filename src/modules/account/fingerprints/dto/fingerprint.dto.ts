import { ApiProperty } from '@nestjs/swagger';
import { OneOf, SearchTerm } from '../../../../core/http/validators';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';

/** Lifetimes a fingerprint may be given, in seconds; `never` (the default) has no end. */
export const FINGERPRINT_LIFETIMES = {
  '1h': 3600,
  '24h': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
  '720h': 720 * 3600,
  '2160h': 2160 * 3600,
  '8760h': 8760 * 3600,
  never: null,
} as const;
export type FingerprintLifetime = keyof typeof FINGERPRINT_LIFETIMES;

export const FINGERPRINT_STATUSES = ['active', 'inactive'] as const;

export class CreateFingerprintDto {
  /** How long it works; absent or null: it never expires (until revoked). */
  @OneOf(Object.keys(FINGERPRINT_LIFETIMES), { optional: true, nullable: true, default: 'never' })
  expires_in?: FingerprintLifetime | null;
}

export class FingerprintQueryDto extends PageQueryDto {
  @OneOf(FINGERPRINT_STATUSES, { optional: true })
  status?: (typeof FINGERPRINT_STATUSES)[number];

  /** Part of the id or of the key's visible prefix, case-insensitive. */
  @SearchTerm()
  search?: string;
}

export class FingerprintDto {
  id: string;
  /** active: neither revoked nor expired. */
  @ApiProperty({ enum: FINGERPRINT_STATUSES })
  status: (typeof FINGERPRINT_STATUSES)[number];
  /** When it stops working; null: never. */
  @ApiProperty({ type: Date, nullable: true })
  expired_at: Date | null;
  /** The last sign-in with it; null: never used. */
  @ApiProperty({ type: Date, nullable: true })
  last_used_at: Date | null;
  /** The key's first characters and an ellipsis, to tell keys apart. */
  masked_key: string;
  /** First characters of the key, for identification. */
  key_prefix: string;
  created_at: Date;
}

export class FingerprintWithKeyDto extends FingerprintDto {
  /** The full key, shown only in this response. */
  key: string;
}
