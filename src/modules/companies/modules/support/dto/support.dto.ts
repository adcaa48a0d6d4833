import { ApiProperty, OmitType } from '@nestjs/swagger';
import { AttachmentDto, Attachments } from '../../../../../core/attachments/attachment.dto';
import { IsBoolean } from 'class-validator';
import { ACCOUNT_STATUSES } from '../../../../account/accounts/accounts.face';
import { OneOf, TrimmedText } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { SupportMessageEntity } from '../message.entity';
import {
  SupportTicketEntity,
  TICKET_STATUSES,
  TICKET_THEMES,
  type TicketStatus,
  type TicketTheme,
} from '../ticket.entity';

/** Longest message text, in characters, after trimming (docs/support.md). */
export const MESSAGE_TEXT_MAX_LENGTH = 4000;

export class ListTicketsQueryDto extends PageQueryDto {
  @OneOf(TICKET_STATUSES, { optional: true })
  status?: TicketStatus;

  @OneOf(TICKET_THEMES, { optional: true })
  theme?: TicketTheme;
}

export class CreateTicketDto {
  @OneOf(TICKET_THEMES)
  theme: TicketTheme;

  /** The opening text: the ticket's first message. Trimmed, 1 to 4000 characters. */
  @TrimmedText(MESSAGE_TEXT_MAX_LENGTH)
  @ApiProperty({ example: 'The roster report does not open' })
  text: string;

  @Attachments()
  attachments?: string[];
}

export class UpdateTicketDto {
  /**
   * pending → closed or revoked; closed and revoked are final (409); the current status again
   * changes nothing. Required unless `attachments` is sent.
   */
  @OneOf(TICKET_STATUSES, {
    when: (dto: UpdateTicketDto) => dto.attachments === undefined || dto.status !== undefined,
  })
  status?: TicketStatus;

  /** The ticket's files, replaced; only while it is pending (409 once closed or revoked). */
  @Attachments()
  attachments?: string[];
}

export class CreateMessageDto {
  /** Trimmed, 1 to 4000 characters. */
  @TrimmedText(MESSAGE_TEXT_MAX_LENGTH)
  @ApiProperty({ example: 'Thank you, it opens now' })
  text: string;
}

export class UpdateMessageDto {
  @IsBoolean()
  read: boolean;
}

/** The author of a message, as the platform's web client shows it (CONTRACT 17). */
export class MessageAccountDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  name: string;

  @ApiProperty({ format: 'email' })
  email: string;

  @ApiProperty({ type: 'string', nullable: true })
  avatar_url: string | null;

  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/** A message as the API shows it (spec: Message): its columns but the company, and its author. */
export class MessageDto extends OmitType(SupportMessageEntity, ['company_id', 'company', 'ticket'] as const) {
  /** The author; null once their account is deleted. */
  @ApiProperty({ type: MessageAccountDto, nullable: true })
  account: MessageAccountDto | null;
}

/** A ticket as every answer shows it (spec: Ticket): its columns and its newest message. */
export class TicketDto extends OmitType(SupportTicketEntity, ['company', 'assigned_admin_id'] as const) {
  /** The account that opened the ticket, as a message's author; null once it is deleted. */
  @ApiProperty({ type: MessageAccountDto, nullable: true })
  initiator: MessageAccountDto | null;

  last_message: MessageDto;

  /** The files the ticket names, in the order sent (CONTRACT 22). */
  attachments: AttachmentDto[];
}

export class DeskCompanyDto {
  id: string;
  name: string;
}

/** A ticket as the operators' desk shows it (CONTRACT 21): with its assignee and its company. */
export class DeskTicketDto extends TicketDto {
  /** The administrator answering it; null while nobody is. */
  assigned_admin_id: string | null;
  company: DeskCompanyDto;
}

/** A message as the operators' desk answers a change of it: with its company. */
export class DeskMessageDto extends MessageDto {
  company_id: string;
}
