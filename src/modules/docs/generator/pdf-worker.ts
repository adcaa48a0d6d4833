/* eslint-disable @typescript-eslint/no-require-imports */

/** What the main thread sends the PDF worker. */
export type PdfWorkerMessage =
  | { table: { name: string | null; columns: string[] } }
  | { rows: ReadonlyArray<ReadonlyArray<string>> }
  | { end: true };

export interface PdfWorkerData {
  pdfkit: string;
  font: string;
  fontBold: string;
  file: string;
  title: string;
  subtitle: string[];
}

/**
 * The PDF renderer's worker thread. pdfkit draws synchronously, and embedding the font subset
 * at the end alone takes ~0.5 s here: on the main thread that would stall every request. This
 * function is sent to the worker as source text (`new Worker(\`(${fn})()\`, {eval: true})`), so it
 * must not use anything from this module's scope: everything comes through `require` and
 * workerData. It acknowledges each batch, so the main thread sends the next only then.
 */
export function pdfWorkerMain(): void {
  const { parentPort, workerData } = require('node:worker_threads');
  const { createWriteStream } = require('node:fs');
  const data = workerData as PdfWorkerData;
  const PDFDocument = require(data.pdfkit);
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: data.title } });
  const out = doc.pipe(createWriteStream(data.file));
  doc.registerFont('body', data.font);
  doc.registerFont('bold', data.fontBold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const rowHeight = 16;
  /** The current table's column width, set by each `table` message. */
  let columnWidth = width;
  let room = columnWidth - 4;

  /** The text cut (with an ellipsis) to one line of its cell: a binary search, not pdfkit's per-character loop. */
  const fit = (text: string): string => {
    if (doc.widthOfString(text) <= room) return text;
    let fits = 0;
    let tooLong = text.length;
    while (tooLong - fits > 1) {
      const middle = (fits + tooLong) >> 1;
      if (doc.widthOfString(`${text.slice(0, middle)}…`) <= room) fits = middle;
      else tooLong = middle;
    }
    return `${text.slice(0, fits)}…`;
  };

  const drawRow = (cells: ReadonlyArray<string>, font: string) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - rowHeight) doc.addPage();
    const y = doc.y;
    doc.font(font).fontSize(9);
    cells.forEach((cell, i) => doc.text(fit(cell), left + i * columnWidth + 2, y + 3, { lineBreak: false }));
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(left + width, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };

  doc.font('bold').fontSize(16).text(data.title, { width });
  doc.font('body').fontSize(10);
  for (const line of data.subtitle) doc.text(line, { width });

  const startTable = (name: string | null, columns: string[]) => {
    columnWidth = width / Math.max(columns.length, 1);
    room = columnWidth - 4;
    doc.moveDown(0.5);
    if (name !== null) {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 3 * rowHeight) doc.addPage();
      doc.font('bold').fontSize(12).text(name, left, doc.y, { width });
      doc.moveDown(0.25);
    }
    drawRow(columns, 'bold');
  };

  parentPort.on('message', (message: PdfWorkerMessage) => {
    if ('table' in message) {
      startTable(message.table.name, message.table.columns);
      parentPort.postMessage('ack');
    } else if ('rows' in message) {
      for (const row of message.rows) drawRow(row, 'body');
      parentPort.postMessage('ack');
    } else {
      out.on('finish', () => parentPort.postMessage('done'));
      out.on('error', (error: Error) => {
        throw error;
      });
      doc.end();
    }
  });
}
