import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsOptional, IsUUID, ValidateBy } from 'class-validator';
import { FixedOnceCreated } from '../../../../../../core/http/tolerances';
import {
  CalendarDate,
  Metadata,
  Omittable,
  OneOf,
  Rfc3339Time,
  SearchTerm,
  TrimmedName,
} from '../../../../../../core/http/validators';
import { CURRENCY_CODES, type CurrencyCode } from '../../../../../../core/money/currencies';
import { Amount, Currency } from '../../../../../../core/money/money.validators';
import { RATE_COLUMN } from '../../../../../../core/money/numeric-columns';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { CounterpartyDto } from '../../../cpm/counterparties.face';
import { CREDIT_STATUSES, CREDIT_TYPES, type CreditStatus, type CreditType } from '../credit.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

export class ListCreditsQueryDto extends PageQueryDto {
  @OneOf(CREDIT_TYPES, { optional: true })
  type?: CreditType;

  @OneOf(CREDIT_STATUSES, { optional: true })
  status?: CreditStatus;

  /** Case-insensitive substring of the name, the comment or the counterparty's name. */
  @SearchTerm()
  search?: string;
}

export class CreateCreditDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Кредитная линия 2026' })
  name: string;

  @OneOf(CREDIT_TYPES, { description: 'debt: the company owes; credit: owed to the company' })
  type: CreditType;

  @Amount({ minimum: 'positive', currencyField: 'currency' })
  total_amount: number;

  @Currency()
  currency: CurrencyCode;

  @CalendarDate()
  start_date: string;

  /** Not before start_date. */
  @CalendarDate()
  @ValidateBy({
    name: 'notBeforeStartDate',
    validator: {
      // Dates written YYYY-MM-DD compare as text; a malformed start_date is reported on its own field.
      validate: (value: unknown, args) => {
        const start = (args?.object as CreateCreditDto).start_date;
        return typeof start !== 'string' || typeof value !== 'string' || value >= start;
      },
      defaultMessage: () => 'must not be before start_date',
    },
  })
  end_date: string;

  /**
   * An active counterparty of this company: its `id` from
   * `GET /api/v1/companies/{id}/modules/cpm/counterparties` or
   * `POST /api/v1/companies/{id}/modules/cpm/counterparties`.
   */
  @IsUUID()
  counterparty_id: string;

  /** Percent, 0 to 100, at most two decimals. */
  @IsOptional()
  @Amount({ minimum: 'zero', decimals: 2, column: RATE_COLUMN, maximum: 100, example: 12.5 })
  interest_rate?: number | null;

  @FreeText('Погашение ежемесячно')
  comment?: string | null;

  @Metadata()
  metadata?: object | null;
}

/**
 * Any create field but the currency; only the fields sent change; null clears interest_rate,
 * comment or metadata. total_amount is held to the credit's currency and cannot go below what is paid.
 */
export class UpdateCreditDto extends PartialType(OmitType(CreateCreditDto, ['currency'] as const), {
  skipNullProperties: false,
}) {
  /** Fixed at creation: accepted only when it repeats the credit's currency (CONTRACT 17), else 400. */
  @Omittable()
  @Currency()
  @FixedOnceCreated()
  currency?: CurrencyCode;
}

export class PayCreditDto {
  /** At most the credit currency's decimals, and at most the remaining amount (409 limit_exceeded). */
  @Amount({ minimum: 'positive' })
  amount: number;

  /** When the payment was made (RFC 3339), not in the future; the transaction's created_at. */
  @Rfc3339Time()
  paid_at: string;

  /** An employee of this company. */
  @IsOptional()
  @IsUUID()
  employee_id?: string | null;

  @FreeText('Погашение ежемесячно')
  comment?: string | null;
}

export class CreditDto {
  id: string;
  name: string;
  comment: string | null;
  @ApiProperty({ enum: CREDIT_TYPES })
  type: string;
  @ApiProperty({ enum: CREDIT_STATUSES })
  status: string;
  total_amount: number;
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: string;
  interest_rate: number | null;
  @ApiProperty({ format: 'date' })
  start_date: string;
  @ApiProperty({ format: 'date' })
  end_date: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  metadata: object | null;
  created_at: Date;
  updated_at: Date;
  /** The counterparty, whole (CONTRACT 17: the web client reads each field). */
  counterparty: CounterpartyDto;
  /** Payments less their reversals. */
  paid_amount: number;
  /** total_amount − paid_amount */
  remaining_amount: number;
}
