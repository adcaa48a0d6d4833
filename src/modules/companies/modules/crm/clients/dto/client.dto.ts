import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { AttachmentDto, Attachments } from '../../../../../../core/attachments/attachment.dto';
import { IsOptional, IsUUID } from 'class-validator';
import {
  Metadata,
  NormalisedEmail,
  OneOf,
  Phone,
  QueryAliasOf,
  SearchTerm,
  TrimmedName,
} from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { SourceDto } from '../../sources/dto/source.dto';
import { CRM_STATUSES, type CrmStatus } from '../../sources/source.entity';
import { CLIENT_TYPES, type ClientType, CrmClientEntity } from '../client.entity';
import { FreeText } from '../../../../../../core/fields/free-text';
import { PersonNameDto } from '../../../../../../core/fields/person-name.dto';

export class ListClientsQueryDto extends PageQueryDto {
  @OneOf(CLIENT_TYPES, { optional: true })
  type?: ClientType;

  @OneOf(CRM_STATUSES, { optional: true })
  status?: CrmStatus;

  /** Only the clients of this source. */
  @IsOptional()
  @IsUUID()
  source_id?: string;

  /**
   * source_id under the name the web client's source page also sends it (its getClients spreads
   * `sourceId` into the query beside `source_id`: kroncl-client src/apps/company/modules/crm/api.ts).
   */
  @QueryAliasOf('source_id')
  @IsUUID()
  sourceId?: string;

  /** Case-insensitive substring of the first name, last name or e-mail (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateClientDto extends PersonNameDto {
  @IsOptional()
  @TrimmedName(100)
  @ApiProperty({ example: 'Sergeevna' })
  patronymic?: string | null;

  /** An optional +, then 5 to 20 digits, optionally grouped by spaces, hyphens or parentheses. */
  @IsOptional()
  @Phone()
  phone?: string | null;

  /** Stored lower-cased. */
  @IsOptional()
  @NormalisedEmail()
  email?: string | null;

  @FreeText('Prefers e-mail')
  comment?: string | null;

  @OneOf(CLIENT_TYPES)
  type: ClientType;

  @OneOf(CRM_STATUSES, { omittable: true, default: 'active' })
  status?: CrmStatus;

  /**
   * A source of this company: its `id` from `GET /api/v1/companies/{id}/modules/crm/sources` (the
   * built-in Manual entry source, `system: true`, is there from the company's creation) or
   * `POST /api/v1/companies/{id}/modules/crm/sources`.
   */
  @IsUUID()
  source_id: string;

  @Metadata()
  metadata?: object | null;

  @Attachments()
  attachments?: string[];
}

/**
 * Every field optional; only the fields sent change. Null clears last_name, patronymic, phone,
 * email, comment or metadata, and is refused for the others.
 */
export class UpdateClientDto extends PartialType(CreateClientDto, { skipNullProperties: false }) {}

/** The client's own fields (spec: Client): its columns but the company and the source's id, and its files. */
export class ClientDto extends OmitType(CrmClientEntity, ['company_id', 'company', 'source_id', 'source'] as const) {
  /** The files the client names, in the order sent (CONTRACT 22). */
  attachments: AttachmentDto[];
}

/** ClientDetail as every answer shows it: with its whole source. */
export class ClientDetailDto extends ClientDto {
  source: SourceDto;
}
