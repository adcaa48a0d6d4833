import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Omittable } from '../../../../core/http/validators';

/** The messages an account may switch off (CONTRACT 23); the others are always sent. */
export class NotificationsDto {
  /** A password sign-in from an address and user agent not used in 90 days. */
  new_sign_in: boolean;
  /** An answer in one of the account's support tickets. */
  support_answers: boolean;
  /** Administrators: new tickets and messages, partner applications, purchases waiting. */
  admin_alerts: boolean;
}

/** Any of the settings; the ones left out stay as they are. */
export class UpdateNotificationsDto {
  @Omittable()
  @IsBoolean()
  @ApiProperty({ example: false })
  new_sign_in?: boolean;

  @Omittable()
  @IsBoolean()
  @ApiProperty({ example: true })
  support_answers?: boolean;

  @Omittable()
  @IsBoolean()
  @ApiProperty({ example: true })
  admin_alerts?: boolean;
}
