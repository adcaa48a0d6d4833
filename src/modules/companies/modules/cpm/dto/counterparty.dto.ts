import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { Metadata, OneOf, SearchTerm, TrimmedName } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import {
  COUNTERPARTY_STATUSES,
  COUNTERPARTY_TYPES,
  CounterpartyEntity,
  type CounterpartyStatus,
  type CounterpartyType,
} from '../counterparty.entity';
import { FreeText } from '../../../../../core/fields/free-text';

export class ListCounterpartiesQueryDto extends PageQueryDto {
  @OneOf(COUNTERPARTY_TYPES, { optional: true })
  type?: CounterpartyType;

  @OneOf(COUNTERPARTY_STATUSES, { optional: true })
  status?: CounterpartyStatus;

  /** Case-insensitive substring of the name or the comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateCounterpartyDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'ПАО «Банк Пример»' })
  name: string;

  @OneOf(COUNTERPARTY_TYPES)
  type: CounterpartyType;

  @FreeText('Основной расчётный банк')
  comment?: string | null;

  @OneOf(COUNTERPARTY_STATUSES, { omittable: true, default: 'active' })
  status?: CounterpartyStatus;

  @Metadata()
  metadata?: object | null;
}

/**
 * name, comment, type, metadata; only the fields sent change; null clears comment or metadata.
 * The status changes through activate / deactivate.
 */
export class UpdateCounterpartyDto extends PartialType(OmitType(CreateCounterpartyDto, ['status'] as const), {
  skipNullProperties: false,
}) {}

/** A counterparty as the API shows it: its columns but the company. */
export class CounterpartyDto extends OmitType(CounterpartyEntity, ['company_id', 'company'] as const) {}
