import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { NormalisedEmail, TrimmedName } from '../../../../core/http/validators';
import { AccountDto } from '../../accounts/accounts.face';

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

export class CheckEmailQueryDto {
  @NormalisedEmail()
  email: string;
}

export class EmailUniqueDto {
  /** True when no account has the e-mail. */
  unique: boolean;
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
  /** The 6-digit code sent by e-mail. */
  @Matches(/^\d{6}$/, { message: 'must be the 6 digits of the mailed code' })
  @ApiProperty({ example: '042917', pattern: '^\\d{6}$' })
  code: string;

  /** The signed-in account's own id, when sent (the web client sends it). */
  @IsOptional()
  @IsUUID()
  @ApiPropertyOptional({ format: 'uuid' })
  user_id?: string;
}

export class ResendConfirmationDto {
  /** The signed-in account's own id, when sent. */
  @IsOptional()
  @IsUUID()
  @ApiPropertyOptional({ format: 'uuid' })
  user_id?: string;

  /** The signed-in account's own e-mail, when sent: its `email` from `GET /api/v1/account`. */
  @ApiPropertyOptional({ format: 'email', example: 'user@example.com' })
  @IsOptional()
  @NormalisedEmail()
  email?: string;
}

export class FingerprintLoginDto {
  /** The fingerprint's key. */
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'bpf_the-key-shown-at-creation' })
  key: string;
}

export class PasswordResetRequestDto {
  @NormalisedEmail()
  email: string;
}

export class PasswordResetTokenDto {
  /** The token from the reset mail. */
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'bpw_the-token-from-the-mail' })
  token: string;
}

export class PasswordResetDto extends PasswordResetTokenDto {
  /** 8 to 72 characters. */
  @IsString()
  @Length(8, 72)
  @ApiProperty({ example: 'another horse battery' })
  new_password: string;

  /** true: the account's API keys keep working; otherwise the reset revokes them too. */
  @IsOptional()
  @IsBoolean()
  keep_api_keys?: boolean;
}

export class PasswordChangeDto {
  /** The password the account signs in with now. */
  @IsString()
  @MaxLength(72)
  @ApiProperty({ example: 'correct horse battery' })
  current_password: string;

  /** 8 to 72 characters. */
  @IsString()
  @Length(8, 72)
  @ApiProperty({ example: 'another horse battery' })
  new_password: string;
}

/** An access token; the refresh token comes as the HttpOnly `refresh_token` cookie. */
export class AccessTokenDto {
  /** Present it as `Authorization: Bearer <access_token>`. */
  access_token: string;
  @ApiProperty({ enum: ['Bearer'] })
  token_type: 'Bearer';
  /** When the access token stops working (ACCESS_TOKEN_TTL_MINUTES); refresh before or after. */
  expires_at: Date;
}

export class SessionDto extends AccessTokenDto {
  /** The signed-in account. */
  user: AccountDto;
}

export class RegistrationDto extends SessionDto {
  /** The new account's id. */
  user_id: string;
  /** Whether the confirmation code was handed to the mail server (or to the log). */
  email_sent: boolean;
}

export class EmailSentDto {
  email_sent: boolean;
}

export class PasswordResetTokenStateDto {
  /** The account the token resets; null when the token is not valid. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  account_id: string | null;
  /** Unused and within its hour. */
  valid: boolean;
}
