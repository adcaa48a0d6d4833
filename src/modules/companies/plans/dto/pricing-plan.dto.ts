import { ApiProperty } from '@nestjs/swagger';

export const CURRENCIES = ['RUB'] as const;

export class PricingPlanDto {
  /** Unique plan code, used in paths. */
  code: string;
  /** Plan level on the platform's scale: 1 is the richest; a permission of lvl N is on every plan of lvl N or less. */
  lvl: number;
  /** Price per month, in rubles. */
  price_per_month: number;
  /** Price per year, in rubles. */
  price_per_year: number;
  @ApiProperty({ enum: CURRENCIES })
  price_currency: (typeof CURRENCIES)[number];
  name: string;
  description: string;
  /** Database size limit, megabytes. */
  limit_db_mb: number;
  /** File storage size limit, megabytes. */
  limit_objects_mb: number;
  /** Maximum number of stored files. */
  limit_objects_count: number;
  created_at: Date;
  updated_at: Date;
}
