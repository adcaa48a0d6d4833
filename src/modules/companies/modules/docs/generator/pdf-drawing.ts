/* eslint-disable @typescript-eslint/no-require-imports */
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
}

/** One drawing for the warm worker: `draw` as source text, compiled once per distinct text. */
interface DrawingJob {
  id: number;
  file: string;
  title: string;
  draw: string;
  data: unknown;
}

type DrawingReply = { id: number; error?: string };

/**
 * The warm worker, sent as source text: pdfkit and the fonts are loaded once, then each job's
 * PDF is drawn and written, and the worker answers when the file is complete. It never exits
 * by itself (its port keeps it alive), so no job can race its exit.
 */
function drawingWorkerMain(): void {
  const { parentPort, workerData } = require('node:worker_threads');
  const { createWriteStream, readFileSync } = require('node:fs');
  const settings = workerData as DrawingWorkerData;
  const PDFDocument = require(settings.pdfkit);
  const font = readFileSync(settings.font);
  const fontBold = readFileSync(settings.fontBold);
  const compiled = new Map<string, (doc: unknown, data: unknown) => void>();
  parentPort.on('message', (job: DrawingJob) => {
    const fail = (error: unknown) =>
      parentPort.postMessage({ id: job.id, error: String((error as Error)?.stack ?? error) });
    try {
      let draw = compiled.get(job.draw);
      if (!draw) {
        draw = (0, eval)(`(${job.draw})`) as (doc: unknown, data: unknown) => void;
        compiled.set(job.draw, draw);
      }
      const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: job.title } });
      const out = doc.pipe(createWriteStream(job.file));
      out.on('finish', () => parentPort.postMessage({ id: job.id }));
      out.on('error', fail);
      doc.registerFont('body', font);
      doc.registerFont('bold', fontBold);
      doc.font('body');
      draw(doc, job.data);
      doc.end();
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * The process's one drawing worker, started on first use and kept warm (starting one and
 * loading pdfkit and the fonts cost ~0.7 s per invoice): jobs queue on it and are answered by
 * id. If it dies, the jobs in flight fail and the next job starts a new one.
 */
class DrawingWorker {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  run(job: Omit<DrawingJob, 'id'>): Promise<void> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...job, id } satisfies DrawingJob);
    });
  }

  /** Ends the worker (the application is closing); a later job starts a new one. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.pending.values()) job.reject(new Error('The PDF worker was stopped'));
    this.pending.clear();
    await worker?.terminate();
  }

  private start(): Worker {
    const workerData: DrawingWorkerData = { pdfkit: require.resolve('pdfkit'), font: FONT, fontBold: FONT_BOLD };
    const worker = new Worker(`(${drawingWorkerMain.toString()})()`, { eval: true, workerData });
    // Idle, it must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: DrawingReply) => {
      const job = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error === undefined) job?.resolve();
      else job?.reject(new Error(`Drawing the PDF failed: ${reply.error}`));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The PDF worker exited (${code}) before finishing`)));
    this.worker = worker;
    return worker;
  }
}

const drawingWorker = new DrawingWorker();

/** Ends the warm drawing worker (on application shutdown). */
export function stopDrawingWorker(): Promise<void> {
  return drawingWorker.stop();
}

/** Draws `drawing` into `file` on the warm worker; rejects when the drawing throws. */
export function renderDrawing<D>(drawing: PdfDrawing<D>, file: string): Promise<void> {
  return drawingWorker.run({ file, title: drawing.title, draw: drawing.draw.toString(), data: drawing.data });
}
