import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, Matches, ValidateBy } from 'class-validator';
import { DocDto } from '../../docs/dto/doc.dto';
import { TrimmedText } from '../../../core/http/validators';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is `YYYY-MM-DD` naming a real day. */
function isCalendarDate(value: unknown): boolean {
  const parts = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export class CreateInvoiceDto {
  /** Kept on the document's registry row and printed on the invoice. */
  @ApiProperty({ example: 'Аванс 50%' })
  @IsOptional()
  @TrimmedText(1000)
  comment?: string;

  /** Pay by this day (`YYYY-MM-DD`), printed on the invoice. */
  @ApiProperty({ type: 'string', format: 'date', example: '2026-12-31' })
  @IsOptional()
  @Matches(CALENDAR_DATE, { message: 'must be a date YYYY-MM-DD' })
  @ValidateBy({
    name: 'isCalendarDate',
    validator: { validate: isCalendarDate, defaultMessage: () => 'must be a real day' },
  })
  due_date?: string;
}

/** The invoice's Doc (module dm, type invoice) plus its number. */
export class InvoiceDocDto extends DocDto {
  /** `<year>-<n>`: n counts from 1 per company and UTC year, without gaps. */
  number: string;
}
