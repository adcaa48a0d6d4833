import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ACCOUNT_TYPES } from '../account.entity';
import { LOCALES } from '../../../../core/mail/mail-kinds';
import { Omittable, OneOf, TrimmedName } from '../../../../core/http/validators';

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

  @OneOf(ACCOUNT_TYPES, { omittable: true })
  type?: string;

  /** The language of the account's mail. */
  @OneOf(LOCALES, { omittable: true, example: 'en' })
  locale?: string;
}
