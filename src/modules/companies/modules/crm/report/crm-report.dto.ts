import { ArrayNotEmpty, ArrayUnique, IsArray } from 'class-validator';
import { ModuleReportDto } from '../../docs/docs.face';
import { OneOf } from '../../../../../core/http/validators';

export const REPORT_SHEETS = ['clients', 'sources'] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];

/** CONTRACT 24's CRM report request; the window bounds the clients sheet (their created_at). */
export class CrmReportDto extends ModuleReportDto {
  /** The sheets, in this order (default: both). */
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @OneOf(REPORT_SHEETS, { optional: true, each: true })
  types?: ReportSheet[];
}
