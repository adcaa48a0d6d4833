import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable, Rfc3339Time, TrimmedName } from '../../../../../core/http/validators';
import { INTEGER_COLUMN_MAXIMUM } from '../../../../../core/money/numeric-columns';

export class CreatePromocodeDto {
  /** Unique case-insensitively (409). */
  @TrimmedName(64)
  @ApiProperty({ example: 'SPRING2027' })
  code: string;

  /** The plan's `code`, whose trial the promocode starts. */
  @IsString()
  @MaxLength(32)
  @ApiProperty({ example: 'business' })
  plan_id: string;

  @IsInt()
  @Min(1)
  @Max(3650)
  @ApiProperty({ example: 30 })
  trial_period_days: number;

  /** How many companies may use it; null (or left out): unlimited. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INTEGER_COLUMN_MAXIMUM)
  @ApiProperty({ nullable: true, required: false, example: 100 })
  max_uses?: number | null;

  /** Usable until then; null (or left out): never expires. A time in the past is 400. */
  @IsOptional()
  @Rfc3339Time()
  @ApiProperty({ nullable: true, required: false, example: '2030-01-31T09:00:00Z' })
  expires_at?: string | null;

  /** True by default. */
  @Omittable()
  @IsBoolean()
  active?: boolean;
}

export class UpdatePromocodeDto extends PartialType(CreatePromocodeDto) {}

export class PromocodeDto {
  id: string;
  code: string;
  /** The plan's code. */
  plan_id: string;
  plan_name: string;
  trial_period_days: number;
  max_uses: number | null;
  used_count: number;
  expires_at: Date | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}
