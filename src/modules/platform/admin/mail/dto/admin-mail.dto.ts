import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAIL_KINDS, MailKind } from '../../../../../core/mail/mail-kinds';
import { MAIL_STATUSES, MailStatus } from '../../../../../core/mail/mail-message.entity';
import { OneOf } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';

export class ListMailQueryDto extends PageQueryDto {
  @OneOf(MAIL_STATUSES, { optional: true })
  status?: MailStatus;

  @OneOf(MAIL_KINDS, { optional: true })
  kind?: MailKind;

  /** The recipient's address, matched exactly but case-insensitively. */
  @IsOptional()
  @IsString()
  @MaxLength(254)
  recipient?: string;
}

/** One message of the mail outbox; its values (a one-time code or link among them) are never shown. */
export class MailMessageDto {
  id: string;
  @ApiProperty({ enum: MAIL_KINDS })
  kind: string;
  recipient: string;
  @ApiProperty({ enum: MAIL_STATUSES })
  status: string;
  /** Attempts to send it so far. */
  attempts: number;
  /** The mail server's last refusal, or why it could not be reached. */
  last_error: string | null;
  /** When the next attempt is due; null once sent or failed. */
  next_attempt_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
}
