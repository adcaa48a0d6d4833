import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { TimeWindowQueryDto } from '../../../core/analysis/periods';
import { TrimmedText } from '../../../core/http/validators';
import type { DocFormat } from '../../docs/generator/renderers';

export const REPORT_SHEETS = ['transactions', 'categories', 'credits'] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];
export const REPORT_FORMATS: readonly DocFormat[] = ['xlsx', 'pdf'];

/** CONTRACT 12's report request; the window bounds the transactions sheet. */
export class FinanceReportDto extends TimeWindowQueryDto {
  /** The sheets, in this order (default: all three). */
  @ApiProperty({ enum: REPORT_SHEETS, isArray: true, required: false })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(REPORT_SHEETS, { each: true })
  types?: ReportSheet[];

  /** The file format (default xlsx). */
  @ApiProperty({ enum: REPORT_FORMATS, required: false, default: 'xlsx' })
  @IsOptional()
  @IsIn(REPORT_FORMATS)
  format?: DocFormat;

  /** Kept on the document's registry row. */
  @IsOptional()
  @TrimmedText(1000)
  @ApiProperty({ example: 'Отчёт за ноябрь' })
  comment?: string;
}
