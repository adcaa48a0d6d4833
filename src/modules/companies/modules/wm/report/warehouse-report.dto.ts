import { ArrayMinSize, ArrayUnique, IsArray } from 'class-validator';
import { ModuleReportDto } from '../../docs/docs.face';
import { OneOf } from '../../../../../core/http/validators';

/** The sheets of the warehouse report, in the order they appear. */
export const REPORT_SHEETS = [
  'catalog_categories',
  'catalog_units',
  'stock_balance',
  'stock_batches',
  'stock_positions',
] as const;
export type ReportSheet = (typeof REPORT_SHEETS)[number];

/** The window bounds the batches and positions sheets (their created_at). */
export class WarehouseReportDto extends ModuleReportDto {
  /** The sheets to include (default: all), each at most once. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @OneOf(REPORT_SHEETS, { optional: true, each: true })
  types?: ReportSheet[];
}
