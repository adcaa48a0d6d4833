import { ApiProperty, IntersectionType, OmitType } from '@nestjs/swagger';
import { AttachmentDto, Attachments } from '../../../../../../core/attachments/attachment.dto';
import { IsOptional, IsUUID } from 'class-validator';
import { TimeWindowQueryDto } from '../../../../../../core/analysis/periods';
import { Metadata, OneOf, SearchTerm } from '../../../../../../core/http/validators';
import { CURRENCY_CODES, type CurrencyCode } from '../../../../../../core/money/currencies';
import { Amount, Currency } from '../../../../../../core/money/money.validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { EmployeeDto } from '../../../hrm/hrm.face';
import { type Direction, DIRECTIONS } from '../../categories/category.entity';
import { CategoryDto } from '../../categories/dto/category.dto';
import { TRANSACTION_STATUSES, TransactionEntity, type TransactionStatus } from '../transaction.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

/** The filters of every transaction list (/fm/transactions, a deal's, a credit's). */
export class TransactionFiltersDto extends IntersectionType(PageQueryDto, TimeWindowQueryDto) {
  @OneOf(DIRECTIONS, { optional: true })
  direction?: Direction;

  @OneOf(TRANSACTION_STATUSES, { optional: true })
  status?: TransactionStatus;

  @OneOf(CURRENCY_CODES, { optional: true })
  currency?: CurrencyCode;

  @IsOptional()
  @IsUUID()
  category_id?: string;

  @IsOptional()
  @IsUUID()
  employee_id?: string;

  /** Case-insensitive substring of the comment, the employee's name or the category's name. */
  @SearchTerm()
  search?: string;
}

export class ListTransactionsQueryDto extends TransactionFiltersDto {
  /** Only the transactions of this deal. */
  @IsOptional()
  @IsUUID()
  deal_id?: string;
}

export class CreateTransactionDto {
  @Amount({ minimum: 'positive', currencyField: 'currency' })
  base_amount: number;

  @Currency()
  currency: CurrencyCode;

  @OneOf(DIRECTIONS)
  direction: Direction;

  /** A category of this company with the transaction's direction. */
  @IsOptional()
  @IsUUID()
  category_id?: string | null;

  /** An employee of this company. */
  @IsOptional()
  @IsUUID()
  employee_id?: string | null;

  @FreeText('Оплата по счёту 2026-17')
  comment?: string | null;

  @OneOf(TRANSACTION_STATUSES, { omittable: true, default: 'completed' })
  status?: TransactionStatus;

  @Metadata()
  metadata?: object | null;

  /** Set when the transaction is recorded: a transaction never changes (CONTRACT 14). */
  @Attachments()
  attachments?: string[];
}

/** A transaction in lists: its columns (but the company), the names of its employee and category, and its files. */
export class TransactionDto extends OmitType(TransactionEntity, [
  'company_id',
  'company',
  'original',
  'employee',
  'category',
  'credit',
  'deal',
] as const) {
  employee_first_name: string | null;
  employee_last_name: string | null;
  category_name: string | null;
  /** The files the transaction names, in the order sent (CONTRACT 22). */
  attachments: AttachmentDto[];
}

/** A transaction as GET one, create and reverse answer it: with its employee and category. */
export class TransactionDetailDto extends TransactionDto {
  /** The HRM module's employee (CONTRACT 17: the web client reads every field of it). */
  @ApiProperty({ type: EmployeeDto, nullable: true })
  employee: EmployeeDto | null;

  @ApiProperty({ type: CategoryDto, nullable: true })
  category: CategoryDto | null;
}

/** The completed transactions of a deal (or of every deal) in one currency (CONTRACT 16). */
export class DealTransactionsSummaryDto {
  @ApiProperty({ enum: CURRENCY_CODES })
  currency: CurrencyCode;
  /** income − expense */
  total_amount: number;
  income_amount: number;
  expense_amount: number;
  income_count: number;
  expense_count: number;
  total_count: number;
}
