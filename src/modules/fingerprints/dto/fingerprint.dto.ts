import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const FINGERPRINT_LIFETIMES = { '1h': 3600, '24h': 86400, '7d': 7 * 86400 } as const;
export type FingerprintLifetime = keyof typeof FINGERPRINT_LIFETIMES;

export class CreateFingerprintDto {
  @ApiProperty({ enum: Object.keys(FINGERPRINT_LIFETIMES) })
  @IsIn(Object.keys(FINGERPRINT_LIFETIMES))
  expires_in: FingerprintLifetime;
}

export class FingerprintDto {
  id: string;
  /** First characters of the key, for identification. */
  key_prefix: string;
  expires_at: Date;
  /** Neither deactivated nor expired. */
  active: boolean;
  created_at: Date;
}

export class FingerprintWithRawKeyDto extends FingerprintDto {
  /** The full key, shown only in this response. */
  raw_key: string;
}
