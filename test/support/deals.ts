import { randomUUID } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type TestAgent from 'supertest/lib/agent';
import { expectPage, expectSuccess } from './expectations';
import { newAccount, newCompany, TestAccount } from './factories';
import { companyOf } from './urls';

/** A company with what a deal may refer to: a type, a CRM client, an active employee, its pipeline. */
export interface DealsCompany {
  owner: TestAccount;
  id: string;
  /** `/api/v1/companies/{id}/modules/dm`. */
  dm: string;
  statuses: any[];
  type: any;
  client: any;
  employee: any;
}

export async function dealsCompany(http: TestAgent, label = 'dm'): Promise<DealsCompany> {
  const owner = await newAccount(http, label);
  const company = await newCompany(http, owner);
  const base = `${companyOf(company.id)}/modules`;
  const dm = `${base}/dm`;
  const statuses = expectPage(await http.get(`${dm}/statuses`).set(owner.auth), 'statuses').items;
  const type = expectSuccess(await http.post(`${dm}/types`).set(owner.auth).send({ name: 'Поставка' }), 201);
  const sources = expectPage(await http.get(`${base}/crm/sources`).set(owner.auth), 'sources').items;
  const client = expectSuccess(
    await http
      .post(`${base}/crm/clients`)
      .set(owner.auth)
      .send({ first_name: 'Пётр', last_name: 'Покупатель', type: 'legal', source_id: sources[0].id }),
    201,
  );
  const employee = expectSuccess(
    await http.post(`${base}/hrm/employees`).set(owner.auth).send({ first_name: 'Анна', last_name: 'Менеджер' }),
    201,
  );
  return { owner, id: company.id, dm, statuses, type, client, employee };
}

export async function createDeal(http: TestAgent, c: DealsCompany, body: Record<string, unknown> = {}): Promise<any> {
  return expectSuccess(await http.post(`${c.dm}/deals`).set(c.owner.auth).send(body), 201);
}

/** Whether poppler's pdftoppm (Debian's poppler-utils), which pdfQrText needs, is installed. */
export const pdfRasteriserInstalled = !spawnSync('pdftoppm', ['-v']).error;

/**
 * The text of the QR code on a PDF's first page: the page rasterised by poppler's pdftoppm
 * (Debian's poppler-utils) at 200 dpi as PPM, decoded by jsQR, its bytes read as UTF-8
 * (ST00012 declares UTF-8). Null when no code is found.
 */
export function pdfQrText(pdf: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-qr-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', join(dir, 'document.pdf'), join(dir, 'page')]);
    const ppm = readFileSync(
      join(
        dir,
        readdirSync(dir).find((name) => name.endsWith('.ppm'))!,
      ),
    );
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
    }
    const code = jsQR(rgba, width, height);
    return code ? new TextDecoder('utf-8').decode(Uint8Array.from(code.binaryData)) : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A payment QR text (`ST00012|Key=value|…`) as its fields. */
export function paymentFields(text: string): Record<string, string> {
  const [format, ...pairs] = text.split('|');
  return {
    format,
    ...Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
  };
}

/** A tracked product of the company's catalog and a stock position of it (one income batch). */
export async function warehouseRows(http: TestAgent, c: DealsCompany): Promise<{ unitId: string; positionId: string }> {
  const wm = `/api/v1/companies/${c.id}/modules/wm`;
  const category = expectSuccess(
    await http
      .post(`${wm}/catalog/categories`)
      .set(c.owner.auth)
      .send({ name: `Станки ${randomUUID()}` }),
    201,
  );
  const unit = expectSuccess(
    await http.post(`${wm}/catalog/units`).set(c.owner.auth).send({
      name: 'Станок',
      type: 'product',
      inventory_type: 'tracked',
      tracking_detail: 'batch',
      tracked_type: 'fifo',
      unit: 'pcs',
      sale_price: 1500,
      purchase_price: 1000,
      currency: 'RUB',
      category_id: category.id,
    }),
    201,
  );
  const batch = expectSuccess(
    await http
      .post(`${wm}/stocks/batches`)
      .set(c.owner.auth)
      .send({ direction: 'income', positions: [{ unit_id: unit.id, quantity: 5 }] }),
    201,
  );
  return { unitId: unit.id, positionId: batch.positions[0].id };
}
