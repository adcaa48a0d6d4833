import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { OneOf, TrimmedText } from '../../../../../core/http/validators';
import type { DocFormat } from '../generator/renderers';

export const MODULE_REPORT_FORMATS: readonly DocFormat[] = ['xlsx', 'pdf'];

/**
 * What every CONTRACT 12 report request (`POST …/<module>/report`) takes besides its `types`:
 * a window on the rows (each module says which sheets it bounds), the file format (default
 * xlsx) and a comment kept on the document's registry row. A module's DTO extends it with
 * `types`, its own sheet names.
 */
export class ModuleReportDto extends TimeWindowQueryDto {
  /** The file format (default xlsx). */
  @OneOf(MODULE_REPORT_FORMATS, { optional: true, default: 'xlsx' })
  format?: DocFormat;

  /** Kept on the document's registry row and printed under the document's title. */
  @IsOptional()
  @TrimmedText(1000)
  @ApiProperty({ example: 'Отчёт за ноябрь' })
  comment?: string;
}
