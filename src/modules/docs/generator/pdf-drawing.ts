/* eslint-disable @typescript-eslint/no-require-imports */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { FONT, FONT_BOLD } from './renderers';

/**
 * A PDF that is not a table (an invoice): A4 portrait, drawn by the module's own function with
 * pdfkit in a worker thread, like the tables (pdf-worker.ts), so the event loop never waits on
 * pdfkit. `draw` crosses to the worker as source text, so it must be a function expression
 * (`function …` or an arrow) that uses nothing but its arguments and globals: no imports, no
 * variables of its module. `data` crosses by structured clone. Fonts `body` and `bold`
 * (DejaVu Sans, Cyrillic) are registered.
 */
export interface PdfDrawing<D> {
  title: string;
  draw: (doc: PDFKit.PDFDocument, data: D) => void;
  data: D;
}

interface DrawingWorkerData {
  pdfkit: string;
  font: string;
  fontBold: string;
  file: string;
  title: string;
  data: unknown;
}

/** The worker: sent as source text with the drawing function as its argument. */
function drawingWorkerMain(draw: (doc: unknown, data: unknown) => void): void {
  const { parentPort, workerData } = require('node:worker_threads');
  const { createWriteStream } = require('node:fs');
  const settings = workerData as DrawingWorkerData;
  const PDFDocument = require(settings.pdfkit);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: settings.title } });
  const out = doc.pipe(createWriteStream(settings.file));
  doc.registerFont('body', settings.font);
  doc.registerFont('bold', settings.fontBold);
  doc.font('body');
  draw(doc, settings.data);
  out.on('finish', () => parentPort.postMessage('done'));
  out.on('error', (error: Error) => {
    throw error;
  });
  doc.end();
}

/** Draws `drawing` into `file` in a worker thread; rejects when the drawing throws. */
export async function renderDrawing<D>(drawing: PdfDrawing<D>, file: string): Promise<void> {
  const workerData: DrawingWorkerData = {
    pdfkit: require.resolve('pdfkit'),
    font: FONT,
    fontBold: FONT_BOLD,
    file,
    title: drawing.title,
    data: drawing.data,
  };
  const worker = new Worker(`(${drawingWorkerMain.toString()})(${drawing.draw.toString()})`, {
    eval: true,
    workerData,
  });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The PDF worker exited (${code}) before finishing`)));
  });
  try {
    await Promise.race([once(worker, 'message'), failed]);
  } finally {
    await worker.terminate();
  }
}
