import type { DocModule } from '../doc.entity';
import type { ModuleReportDto } from '../dto/module-report.dto';
import type { GenerateDocument } from './document-generator';
import { periodLabel } from './file-name';
import type { Sheet } from './renderers';
import { reportSubtitle } from './report-subtitle';

/** What a module's report is: its file's kind, its title, what its sheets cover (`Операции`), the sheets. */
export interface ModuleReport {
  kind: string;
  title: string;
  covers: string;
  sheets: Sheet[];
}

/**
 * The document of a CONTRACT 12 report over a window (ModuleReportDto): in the format asked
 * (xlsx by default), with the request's comment, the file named after its kind and period, and
 * a subtitle saying what the sheets cover in that window.
 */
export function moduleReport(module: DocModule, request: ModuleReportDto, report: ModuleReport): GenerateDocument {
  return {
    module,
    type: 'report',
    format: request.format ?? 'xlsx',
    comment: request.comment,
    name: { kind: report.kind, label: periodLabel(request) },
    title: report.title,
    subtitle: reportSubtitle({ what: report.covers, window: request }),
    sheets: report.sheets,
  };
}

/** A sheet's rows numbered 1, 2, … in its first column: the rows of a module report's list sheet. */
export async function* numbered<T>(
  rows: AsyncIterable<T> | Iterable<T>,
  cells: (row: T) => Array<string | number | null>,
): AsyncIterable<Array<string | number | null>> {
  let number = 0;
  for await (const row of rows) yield [++number, ...cells(row)];
}
