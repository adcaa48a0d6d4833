import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INTEGER_COLUMN_MAXIMUM } from '../../../../../core/money/numeric-columns';
import { TrimmedName } from '../../../../../core/http/validators';

/** A plan's changeable fields; `code` and `lvl` are not among them (400). */
export class UpdatePlanDto {
  @IsOptional()
  @TrimmedName(100)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(4000)
  description?: string;

  /** Rubles; a company keeps the price it bought at. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INTEGER_COLUMN_MAXIMUM)
  price_per_month?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INTEGER_COLUMN_MAXIMUM)
  price_per_year?: number;

  /** A lowered limit applies to new writes only. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INTEGER_COLUMN_MAXIMUM)
  limit_db_mb?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INTEGER_COLUMN_MAXIMUM)
  limit_objects_mb?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INTEGER_COLUMN_MAXIMUM)
  limit_objects_count?: number;
}
