import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ACCOUNT_TYPES } from '../account.entity';
import { TrimmedName } from '../../../core/http/validators';

/** Every field optional; only the fields sent change. */
export class UpdateAccountDto {
  @IsOptional()
  @TrimmedName()
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiProperty({ enum: ACCOUNT_TYPES, required: false })
  @IsOptional()
  @IsIn(ACCOUNT_TYPES)
  type?: string;
}
