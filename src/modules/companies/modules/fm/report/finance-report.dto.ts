import { ArrayNotEmpty, ArrayUnique, IsArray } from 'class-validator';
import { ModuleReportDto } from '../../docs/docs.face';
import { OneOf } from '../../../../../core/http/validators';

export const REPORT_SHEETS = ['transactions', 'categories', 'credits'] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];

/** CONTRACT 12's report request; the window bounds the transactions sheet. */
export class FinanceReportDto extends ModuleReportDto {
  /** The sheets, in this order (default: all three). */
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @OneOf(REPORT_SHEETS, { optional: true, each: true })
  types?: ReportSheet[];
}
