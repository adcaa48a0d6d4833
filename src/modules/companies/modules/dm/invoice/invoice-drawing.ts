import type { PdfDrawing } from '../../docs/docs.face';
import type { QrMatrix } from './payment-qr';

/** One line of the invoice, every figure already written out. */
export interface InvoiceLine {
  name: string;
  quantity: string;
  unit: string;
  price: string;
  amount: string;
}

/** What the invoice shows: all text, formatted on the main thread. */
export interface InvoiceData {
  title: string;
  seller: string[];
  bank: string[];
  buyer: string;
  lines: InvoiceLine[];
  total: string;
  summary: string;
  due: string | null;
  comment: string | null;
  signatures: string[];
  qr: QrMatrix;
  qrCaption: string;
}

/**
 * Draws the invoice: the payee's bank details, seller and buyer, the lines, the total, the
 * payment QR code and signature lines. Runs in the PDF worker (see PdfDrawing): it may use
 * nothing but its arguments.
 */
const drawInvoice = (doc: PDFKit.PDFDocument, data: InvoiceData): void => {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, x, y, { lineBreak: true, ...options });

  doc.font('bold').fontSize(9).text('Банк получателя и реквизиты', left, doc.y);
  doc.font('body').fontSize(9);
  for (const line of data.bank) doc.text(line, { width });
  doc.moveDown(0.8);
  doc.font('bold').fontSize(15).text(data.title, { width });
  doc.moveDown(0.5);
  doc.font('bold').fontSize(9).text('Поставщик:', { continued: false });
  doc.font('body');
  for (const line of data.seller) doc.text(line, { width });
  doc.moveDown(0.3);
  doc.font('bold').text('Покупатель:');
  doc.font('body').text(data.buyer, { width });
  doc.moveDown(0.8);

  const columns = [
    { title: '№', width: 24, align: 'right' as const },
    { title: 'Наименование', width: width - 24 - 62 - 36 - 86 - 90, align: 'left' as const },
    { title: 'Кол-во', width: 62, align: 'right' as const },
    { title: 'Ед.', width: 36, align: 'left' as const },
    { title: 'Цена, руб.', width: 86, align: 'right' as const },
    { title: 'Сумма, руб.', width: 90, align: 'right' as const },
  ];
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 6 }))) + 6;
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      text(cell, x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align });
      doc.rect(x, y, columns[i].width, height).lineWidth(0.5).strokeColor('#444444').stroke();
      x += columns[i].width;
    });
    doc.x = left;
    doc.y = y + height;
  };
  row(
    columns.map((column) => column.title),
    'bold',
  );
  data.lines.forEach((line, i) =>
    row([String(i + 1), line.name, line.quantity, line.unit, line.price, line.amount], 'body'),
  );
  doc.moveDown(0.5);
  doc.font('bold').fontSize(10).text(`Итого: ${data.total} руб.`, left, doc.y, { width, align: 'right' });
  doc.font('body').fontSize(9).text(data.summary, left, doc.y, { width });
  if (data.due) doc.text(data.due, { width });
  if (data.comment) doc.text(data.comment, { width });
  doc.moveDown(1);

  const qrSide = 150;
  if (doc.y + qrSide + 40 > bottom) doc.addPage();
  const top = doc.y;
  // A quiet zone of 4 modules around the code, as readers expect.
  const module = qrSide / (data.qr.size + 8);
  doc.rect(left, top, qrSide, qrSide).fill('#FFFFFF');
  for (let r = 0; r < data.qr.size; r++) {
    for (let c = 0; c < data.qr.size; c++) {
      if (data.qr.cells[r * data.qr.size + c])
        doc.rect(left + (c + 4) * module, top + (r + 4) * module, module, module);
    }
  }
  doc.fill('#000000');
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#000000')
    .text(data.qrCaption, left, top + qrSide + 2, { width: qrSide });
  let y = top + 20;
  for (const signature of data.signatures) {
    doc
      .font('body')
      .fontSize(9)
      .text(signature, left + qrSide + 30, y, { width: width - qrSide - 30 });
    y += 30;
  }
};

export function invoiceDrawing(data: InvoiceData): PdfDrawing<InvoiceData> {
  return { title: data.title, draw: drawInvoice, data };
}
