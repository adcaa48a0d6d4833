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
  const bottom = doc.page.height - doc.page.margins.bottom;
  /** A cell's padding on each side, and a one-line row's height. */
  const pad = 3;
  const lineRow = 16;

  /** The current table's header, and its column widths: null from its start until its first rows (or its end). */
  let header: ReadonlyArray<string> = [];
  let widths: number[] | null = [];
  let headerHeight = lineRow;

  /**
   * Column widths that follow the content (the header and the first batch of rows): each column
   * gets its widest cell when all fit; otherwise the columns narrower than a fair share keep
   * their width and the rest share what remains equally, and their longer cells wrap.
   */
  const layOut = (rows: ReadonlyArray<ReadonlyArray<string>>): number[] => {
    const natural = header.map((title, i) => {
      doc.font('bold').fontSize(9);
      let widest = doc.widthOfString(title);
      doc.font('body');
      for (const row of rows) widest = Math.max(widest, doc.widthOfString(row[i] ?? ''));
      return widest + 2 * pad + 1;
    });
    const total = natural.reduce((sum, w) => sum + w, 0);
    if (total <= width) return natural.map((w) => (w * width) / total);
    const result: Array<number | null> = natural.map(() => null);
    let remaining = width;
    let open = natural.length;
    for (let settled = true; settled && open > 0;) {
      settled = false;
      const share = remaining / open;
      natural.forEach((w, i) => {
        if (result[i] === null && w <= share) {
          result[i] = w;
          remaining -= w;
          open -= 1;
          settled = true;
        }
      });
    }
    return result.map((w) => w ?? remaining / open);
  };

  /** 0 for a cell on one line, else its wrapped height up to `most` (the rest is cut with an ellipsis). */
  const cellHeight = (text: string, room: number, most: number): number =>
    !text.includes('\n') && doc.widthOfString(text) <= room
      ? 0
      : Math.min(doc.heightOfString(text, { width: room }), most);

  /** A row's cell heights (0 for one line) and its own height, in the current table's columns. */
  const measure = (cells: ReadonlyArray<string>, font: string, headerRoom: number) => {
    doc.font(font).fontSize(9);
    // A row never outgrows a page under the header.
    const most = bottom - doc.page.margins.top - headerRoom - 2 * pad;
    const heights = widths!.map((w, i) => cellHeight(cells[i] ?? '', w - 2 * pad, most));
    return { heights, height: Math.max(lineRow, ...heights.map((h) => h + 2 * pad)) };
  };

  const drawRow = (cells: ReadonlyArray<string>, font: string) => {
    const { heights, height } = measure(cells, font, headerHeight);
    if (doc.y + height > bottom) {
      doc.addPage();
      if (font === 'body') drawRow(header, 'bold');
      doc.font(font).fontSize(9);
    }
    const y = doc.y;
    let x = left;
    widths!.forEach((w, i) => {
      const text = cells[i] ?? '';
      // One line is drawn without pdfkit's line wrapper, which is most of its per-cell cost.
      if (heights[i] === 0) doc.text(text, x + pad, y + pad, { lineBreak: false });
      else doc.text(text, x + pad, y + pad, { width: w - 2 * pad, height: heights[i], ellipsis: true });
      x += w;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + height;
    if (font === 'bold') headerHeight = height;
  };

  /** The current table's name, drawn with its header. */
  let name: string | null = null;

  /**
   * Lays the table out by `rows` (the first batch, or none) and draws its name and header, once
   * per table. They start a new page when the first row would not fit under them, so no page
   * ends with a table's name or header alone.
   */
  const ensureHeader = (rows: ReadonlyArray<ReadonlyArray<string>>) => {
    if (widths !== null) return;
    widths = layOut(rows);
    const nameHeight = name === null ? 0 : doc.font('bold').fontSize(12).heightOfString(name, { width }) + lineRow / 4;
    const headerRoom = measure(header, 'bold', 0).height;
    const first = rows.length > 0 ? measure(rows[0], 'body', headerRoom).height : 0;
    if (doc.y + nameHeight + headerRoom + first > bottom && doc.y > doc.page.margins.top) doc.addPage();
    if (name !== null) {
      doc.font('bold').fontSize(12).text(name, left, doc.y, { width });
      doc.moveDown(0.25);
    }
    drawRow(header, 'bold');
  };

  doc.font('bold').fontSize(16).text(data.title, { width });
  doc.font('body').fontSize(10);
  for (const line of data.subtitle) doc.text(line, { width });

  const startTable = (tableName: string | null, columns: string[]) => {
    ensureHeader([]);
    header = columns;
    widths = null;
    name = tableName;
    doc.moveDown(0.5);
  };

  parentPort.on('message', (message: PdfWorkerMessage) => {
    if ('table' in message) {
      startTable(message.table.name, message.table.columns);
      parentPort.postMessage('ack');
    } else if ('rows' in message) {
      ensureHeader(message.rows);
      for (const row of message.rows) drawRow(row, 'body');
      parentPort.postMessage('ack');
    } else {
      ensureHeader([]);
      out.on('finish', () => parentPort.postMessage('done'));
      out.on('error', (error: Error) => {
        throw error;
      });
      doc.end();
    }
  });
}
