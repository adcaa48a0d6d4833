import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { ACCOUNT_TYPES } from '../account.entity';
import { Omittable, TrimmedName } from '../../../core/http/validators';

/** Every field optional; only the fields sent change. None may be null: each column is NOT NULL. */
export class UpdateAccountDto {
  @Omittable()
  @TrimmedName()
  @ApiProperty({ example: 'Anna Petrova' })
  name?: string;

  @Omittable()
  @IsString()
  @MaxLength(500)
  @ApiProperty({ example: 'Sales lead, Moscow office' })
  description?: string;

  @ApiProperty({ enum: ACCOUNT_TYPES, required: false })
  @Omittable()
  @IsIn(ACCOUNT_TYPES)
  type?: string;
}
