import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { NormalisedEmail, TrimmedName } from '../../../core/http/validators';
import { AccountDto } from '../../accounts/dto/account.dto';

export class RegisterDto {
  @NormalisedEmail()
  email: string;

  /** 8 to 72 characters (bcrypt reads no further). */
  @IsString()
  @Length(8, 72)
  @ApiProperty({ example: 'correct horse battery' })
  password: string;

  /** Display name. */
  @TrimmedName()
  @ApiProperty({ example: 'Anna Petrova' })
  name: string;
}

export class LoginDto {
  @NormalisedEmail()
  email: string;

  @IsString()
  @MaxLength(72)
  @ApiProperty({ example: 'correct horse battery' })
  password: string;
}

export class ConfirmDto {
  /** The confirmation token sent by e-mail. */
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'the-token-from-the-email' })
  token: string;
}

export class FingerprintLoginDto {
  /** The fingerprint's raw key. */
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'the-raw-fingerprint-key' })
  key: string;
}

export class SessionDto {
  /** Present it as `Authorization: Bearer <access_token>`. */
  access_token: string;
  @ApiProperty({ enum: ['Bearer'] })
  token_type: 'Bearer';
  expires_at: Date;
  account: AccountDto;
}
