import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** What a document shows: a title, column headers and its rows (each a list of cells). */
export interface TableContent {
  title: string;
  /** Lines under the title, e.g. the generation time or the company's name. */
  subtitle?: string[];
  columns: string[];
  rows: AsyncIterable<ReadonlyArray<string | number | null>>;
}

export type DocFormat = 'pdf' | 'xlsx';

export const CONTENT_TYPES: Record<DocFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A Cyrillic-capable font embedded in every PDF (DejaVu, shipped by the dejavu-fonts-ttf package). */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Rendering gives the event loop back at least this often, whatever the rows' source does. */
const SLICE_MS = 20;

/**
 * The rows, yielding to the event loop every SLICE_MS: an async iterable whose rows are already
 * at hand resolves on microtasks only and would otherwise hold the loop for the whole document.
 */
async function* paced<T>(rows: AsyncIterable<T>): AsyncIterable<T> {
  let sliceStart = performance.now();
  for await (const row of rows) {
    yield row;
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

const cellText = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * A PDF table (A4 landscape, DejaVu Sans) written to `file` as it is drawn: pages are flushed
 * as they fill, so memory does not grow with the row count.
 */
export async function renderPdf(content: TableContent, file: string): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    bufferPages: false,
    info: { Title: content.title },
  });
  const out = doc.pipe(createWriteStream(file));
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columnWidth = width / Math.max(content.columns.length, 1);
  const rowHeight = 16;
  const bottom = () => doc.page.height - doc.page.margins.bottom - rowHeight;

  const drawRow = (cells: ReadonlyArray<string | number | null>, font: 'body' | 'bold') => {
    if (doc.y > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(font).fontSize(9);
    cells.forEach((cell, i) =>
      doc.text(cellText(cell), left + i * columnWidth + 2, y + 3, {
        width: columnWidth - 4,
        height: rowHeight - 4,
        lineBreak: false,
        ellipsis: true,
      }),
    );
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(left + width, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };

  doc.font('bold').fontSize(16).text(content.title, { width });
  doc.font('body').fontSize(10);
  for (const line of content.subtitle ?? []) doc.text(line, { width });
  doc.moveDown(0.5);
  drawRow(content.columns, 'bold');
  for await (const row of paced(content.rows)) drawRow(row, 'body');
  doc.end();
  await finished(out);
}

/**
 * An XLSX workbook (ExcelJS's streaming writer) written to `file`: each row is committed to the
 * zip as it comes and strings are inline (no shared-string table held in memory).
 */
export async function renderXlsx(content: TableContent, file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
  workbook.title = content.title;
  const sheet = workbook.addWorksheet(content.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.addRow([content.title]).commit();
  for (const line of content.subtitle ?? []) sheet.addRow([line]).commit();
  const header = sheet.addRow(content.columns);
  header.font = { bold: true };
  header.commit();
  for await (const row of paced(content.rows)) sheet.addRow(row.map((cell) => cell ?? null)).commit();
  sheet.commit();
  await workbook.commit();
}

export const RENDERERS: Record<DocFormat, (content: TableContent, file: string) => Promise<void>> = {
  pdf: renderPdf,
  xlsx: renderXlsx,
};
