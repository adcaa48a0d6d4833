import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FILE_CONTENT_TYPES } from '../../../storage/storage.face';
import { pdfWorkerMain, PdfWorkerData, PdfWorkerMessage } from './pdf-worker';

/** One table of a document: its name, column headers and rows (each a list of cells). */
export interface Sheet {
  /** The worksheet's name in XLSX (cut to Excel's 31 characters) and the table's heading in PDF. */
  name: string;
  columns: string[];
  rows: AsyncIterable<ReadonlyArray<string | number | null>>;
}

/** What a document shows: a title, lines under it and one or more tables, in order. */
export interface TableContent {
  title: string;
  /** Lines under the title, e.g. the generation time or the company's name. */
  subtitle?: string[];
  sheets: Sheet[];
}

export type DocFormat = 'pdf' | 'xlsx';

export const CONTENT_TYPES: Record<DocFormat, string> = FILE_CONTENT_TYPES;

/** A Cyrillic-capable font embedded in every PDF (DejaVu, shipped by the dejavu-fonts-ttf package). */
export const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

/** A cell as text: numbers in plain decimal notation (an amount of 1e-8 BTC prints 0.00000001). */
const cellText = (value: string | number | null) =>
  value === null
    ? ''
    : typeof value === 'number'
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : value;

/** Rows go to the PDF worker in batches of this many; it acknowledges each before the next. */
const PDF_BATCH = 500;

/**
 * A PDF table (A4 landscape, DejaVu Sans embedded) drawn in a worker thread and written to
 * `file` as pages fill: the rows cross in acknowledged batches, so neither thread holds more
 * than a batch and the event loop never waits on pdfkit.
 */
export async function renderPdf(content: TableContent, file: string): Promise<void> {
  const data: PdfWorkerData = {
    pdfkit: require.resolve('pdfkit'),
    font: FONT,
    fontBold: FONT_BOLD,
    file,
    title: content.title,
    subtitle: content.subtitle ?? [],
  };
  const worker = new Worker(`(${pdfWorkerMain.toString()})()`, { eval: true, workerData: data });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The PDF worker exited (${code}) before finishing`)));
  });
  const reply = () => Promise.race([once(worker, 'message'), failed]);
  const send = async (message: PdfWorkerMessage) => {
    worker.postMessage(message);
    await reply();
  };
  try {
    for (const sheet of content.sheets) {
      // A lone table needs no heading of its own: the document's title names it.
      await send({ table: { name: content.sheets.length > 1 ? sheet.name : null, columns: sheet.columns } });
      let batch: string[][] = [];
      for await (const row of sheet.rows) {
        batch.push(row.map(cellText));
        if (batch.length === PDF_BATCH) {
          await send({ rows: batch });
          batch = [];
        }
      }
      if (batch.length > 0) await send({ rows: batch });
    }
    worker.postMessage({ end: true } satisfies PdfWorkerMessage);
    await reply();
  } finally {
    await worker.terminate();
  }
}

/**
 * An XLSX workbook (ExcelJS's streaming writer) written to `file`: each row is committed to the
 * zip as it comes and strings are inline (no shared-string table held in memory).
 */
export async function renderXlsx(content: TableContent, file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
  workbook.title = content.title;
  for (const { name, columns, rows } of content.sheets) {
    const sheet = workbook.addWorksheet(name.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
    sheet.addRow([content.title]).commit();
    for (const line of content.subtitle ?? []) sheet.addRow([line]).commit();
    const header = sheet.addRow(columns);
    header.font = { bold: true };
    header.commit();
    for await (const row of paced(rows)) sheet.addRow(row.map((cell) => cell ?? null)).commit();
    sheet.commit();
  }
  await workbook.commit();
}

export const RENDERERS: Record<DocFormat, (content: TableContent, file: string) => Promise<void>> = {
  pdf: renderPdf,
  xlsx: renderXlsx,
};
