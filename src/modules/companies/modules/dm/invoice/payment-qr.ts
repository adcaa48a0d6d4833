import { create } from 'qrcode';

/** The payee's part of a payment order (GOST R 56042-2014), as the docs settings give it. */
export interface PaymentOrder {
  name: string;
  personalAcc: string;
  bankName: string;
  bic: string;
  /** The bank's correspondent account: the docs settings do not hold one, so usually null. */
  correspAcc: string | null;
  payeeInn: string;
  /** The sum in kopecks, as exact decimal digits. */
  sumKopecks: string;
  purpose: string;
}

/** Field lengths GOST R 56042-2014 allows. */
const LIMITS = { Name: 160, BankName: 45, Purpose: 210 };

/** A value as the format can carry it: no `|` (the separator), no line breaks, within its length. */
const field = (value: string, limit?: number) => {
  const clean = value.replace(/[|\r\n]+/g, ' ').trim();
  return limit === undefined ? clean : clean.slice(0, limit);
};

/**
 * The text of a Russian payment QR code: `ST00012` (format version 0001, UTF-8), then
 * `key=value` pairs separated by `|`: the required Name, PersonalAcc, BankName, BIC (and
 * CorrespAcc where known), then PayeeINN, Sum (kopecks) and Purpose.
 */
export function paymentText(order: PaymentOrder): string {
  const pairs: Array<[string, string]> = [
    ['Name', field(order.name, LIMITS.Name)],
    ['PersonalAcc', order.personalAcc],
    ['BankName', field(order.bankName, LIMITS.BankName)],
    ['BIC', order.bic],
    ...(order.correspAcc ? [['CorrespAcc', order.correspAcc] as [string, string]] : []),
    ['PayeeINN', order.payeeInn],
    ['Sum', order.sumKopecks],
    ['Purpose', field(order.purpose, LIMITS.Purpose)],
  ];
  return ['ST00012', ...pairs.map(([key, value]) => `${key}=${value}`)].join('|');
}

/** A QR code's modules: `size` × `size`, row by row, 1 for dark. */
export interface QrMatrix {
  size: number;
  cells: Uint8Array;
}

/** The QR code of `text` (byte mode, UTF-8, error correction M, as banking apps read them). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, cells: Uint8Array.from(modules.data) };
}
