import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { Rfc3339Time, TrimmedText } from '../../../core/http/validators';
import type { DocFormat } from '../../docs/generator/renderers';

/** The sheets of the warehouse report, in the order they appear. */
export const REPORT_SHEETS = [
  'catalog_categories',
  'catalog_units',
  'stock_balance',
  'stock_batches',
  'stock_positions',
] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];

const REPORT_FORMATS: readonly DocFormat[] = ['xlsx', 'pdf'];

export class WarehouseReportDto {
  /** The sheets to include (default: all), each at most once. */
  @ApiProperty({ enum: REPORT_SHEETS, isArray: true, required: false })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(REPORT_SHEETS, { each: true })
  types?: ReportSheet[];

  /** Batches and positions created at or after this time (RFC 3339). */
  @IsOptional()
  @Rfc3339Time()
  start_date?: string;

  /** Batches and positions created at or before this time (RFC 3339). */
  @IsOptional()
  @Rfc3339Time()
  end_date?: string;

  /** The file format (default xlsx). */
  @ApiProperty({ enum: REPORT_FORMATS, required: false, default: 'xlsx' })
  @IsOptional()
  @IsIn(REPORT_FORMATS)
  format?: DocFormat;

  /** Kept on the document's registry row. */
  @IsOptional()
  @TrimmedText(1000)
  comment?: string;
}
