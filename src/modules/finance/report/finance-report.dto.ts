import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { ModuleReportDto } from '../../docs/docs.face';

export const REPORT_SHEETS = ['transactions', 'categories', 'credits'] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];

/** CONTRACT 12's report request; the window bounds the transactions sheet. */
export class FinanceReportDto extends ModuleReportDto {
  /** The sheets, in this order (default: all three). */
  @ApiProperty({ enum: REPORT_SHEETS, isArray: true, required: false })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(REPORT_SHEETS, { each: true })
  types?: ReportSheet[];
}
