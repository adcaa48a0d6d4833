import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DocDto } from '../../docs/docs.face';
import { CalendarDate, TrimmedText } from '../../../../../core/http/validators';

export class CreateInvoiceDto {
  /** Kept on the document's registry row and printed on the invoice. */
  @ApiProperty({ example: 'Аванс 50%' })
  @IsOptional()
  @TrimmedText(1000)
  comment?: string;

  /** Pay by this day (`YYYY-MM-DD`), printed on the invoice. */
  @IsOptional()
  @CalendarDate()
  due_date?: string;
}

/** The invoice's Doc (module dm, type invoice) plus its number. */
export class InvoiceDocDto extends DocDto {
  /** `<year>-<n>`: n counts from 1 per company and UTC year, without gaps. */
  number: string;
}
