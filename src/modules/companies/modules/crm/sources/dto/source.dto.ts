import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsOptional, IsUrl, MaxLength } from 'class-validator';
import { ReadOnlyFields } from '../../../../../../core/http/tolerances';
import { BooleanQuery, Metadata, OneOf, SearchTerm, TrimmedName } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { CRM_STATUSES, CrmSourceEntity, type CrmStatus, SOURCE_TYPES, type SourceType } from '../source.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

export class ListSourcesQueryDto extends PageQueryDto {
  @OneOf(SOURCE_TYPES, { optional: true })
  type?: SourceType;

  @OneOf(CRM_STATUSES, { optional: true })
  status?: CrmStatus;

  /** true: only the company's system source; false: only the sources made through the API. */
  @BooleanQuery()
  system?: boolean;

  /** Case-insensitive substring of the name, the URL or the comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

/** `system` may be sent as false, the value every source made through the API has (CONTRACT 17). */
@ReadOnlyFields({ system: false })
export class CreateSourceDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Website contact form' })
  name: string;

  /** An http(s) address, e.g. the site or the campaign's landing page. */
  @IsOptional()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(2048)
  url?: string | null;

  @OneOf(SOURCE_TYPES)
  type: SourceType;

  @FreeText('Leads from the contact form')
  comment?: string | null;

  @OneOf(CRM_STATUSES, { omittable: true, default: 'active' })
  status?: CrmStatus;

  @Metadata()
  metadata?: object | null;
}

/**
 * Every field optional; only the fields sent change; null clears url, comment or metadata
 * (and is refused for name, type and status).
 */
@ReadOnlyFields({ system: false })
export class UpdateSourceDto extends PartialType(CreateSourceDto, { skipNullProperties: false }) {}

/** A source as the API shows it: its columns but the company. */
export class SourceDto extends OmitType(CrmSourceEntity, ['company_id', 'company'] as const) {}
