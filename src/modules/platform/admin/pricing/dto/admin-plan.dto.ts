import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
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
  price_per_month?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  price_per_year?: number;

  /** A lowered limit applies to new writes only. */
  @IsOptional()
  @IsInt()
  @Min(0)
  limit_db_mb?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  limit_objects_mb?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  limit_objects_count?: number;
}
