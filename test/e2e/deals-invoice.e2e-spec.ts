/** @shared-app */
import { DataSource } from 'typeorm';
import { pdfText } from '../support/docs';
import {
  createDeal,
  DealsCompany,
  dealsCompany,
  paymentFields,
  pdfQrText,
  pdfRasteriserInstalled,
} from '../support/deals';
import { expectError, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { auditRecords } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { downloadFile } from '../support/downloads';
import { moduleOf } from '../support/urls';

/** Published requisites of Sberbank (docs/documents.md), valid by every checksum rule. */
const SELLER = {
  legal_name: 'ООО «Ромашка»',
  inn: '7707083893',
  ogrn: '1027700132195',
  legal_address: 'г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bank_bic: '044525225',
  bank_account: '40702810938000000001',
  director_name: 'Иванов И. И.',
};
const LINES = [
  { name: 'Станок токарный', price: 1500.5, quantity: 2 },
  { name: 'Кабель медный', price: 99.99, quantity: 1.5, unit: 'm' },
];

describe('Deal invoices', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  const year = new Date().getUTCFullYear();
  const invoiceOf = (c: DealsCompany, dealId: string) => `${c.dm}/deals/${dealId}/invoice`;
  const docCount = async (c: DealsCompany) =>
    (await db.query(`SELECT count(*)::int AS n FROM docs WHERE company_id = $1`, [c.id]))[0].n;

  async function sellerCompany(label: string): Promise<DealsCompany> {
    const c = await dealsCompany(t.http, label);
    expectSuccess(
      await t.http
        .patch(`${moduleOf(c.id, 'docs')}/settings`)
        .set(c.owner.auth)
        .send(SELLER),
    );
    return c;
  }

  it('201: a PDF Doc (dm, invoice) plus number; the seller, buyer and lines printed; audited', async () => {
    const c = await sellerCompany('inv-ok');
    const deal = await createDeal(t.http, c, { client_id: c.client.id, positions: LINES });
    const invoice = expectSuccess(
      await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({ comment: 'Аванс', due_date: '2030-01-31' }),
      201,
    );
    expect(invoice).toEqual({
      id: expect.stringMatching(UUID),
      object_path: expect.stringMatching(/^dm\/invoice\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/),
      module: 'dm',
      type: 'invoice',
      comment: 'Аванс',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      number: `${year}-1`,
    });
    const file = await downloadFile(t.http, c.owner.auth, c.id, invoice.object_path);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename="invoice-${year}-1.pdf"`);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.body);
    if (text !== null) {
      const flat = text.replace(/\s+/g, ' ');
      for (const expected of [
        `Счёт на оплату № ${year}-1`,
        'ООО «Ромашка»',
        'ИНН 7707083893',
        'БИК 044525225',
        '40702810938000000001',
        'Пётр Покупатель',
        'Станок токарный',
        'Кабель медный',
        '3 001,00',
        '149,99',
        'Итого: 3 150,99 руб.',
        'Оплатить до 31.01.2030',
        'Аванс',
        'Иванов И. И.',
      ]) {
        expect(flat).toContain(expected);
      }
    }
    const [record] = await auditRecords(db, c.id, 'dm.deals.invoice');
    expect(record).toMatchObject({ status: 'success', metadata: { result_id: invoice.id, ids: { dealId: deal.id } } });
    const [row] = await db.query(`SELECT deal_id, doc_id, number FROM deal_invoices WHERE company_id = $1`, [c.id]);
    expect(row).toEqual({ deal_id: deal.id, doc_id: invoice.id, number: `${year}-1` });
  });

  // Skipped, and reported so, where poppler-utils is missing; .ci/run installs it.
  (pdfRasteriserInstalled ? it : it.skip)(
    'the PDF carries a GOST R 56042-2014 payment QR code: every field decoded back',
    async () => {
      const c = await sellerCompany('inv-qr');
      const deal = await createDeal(t.http, c, { client_id: c.client.id, positions: LINES });
      const invoice = expectSuccess(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 201);
      const pdf = (await downloadFile(t.http, c.owner.auth, c.id, invoice.object_path)).body;
      const text = pdfQrText(pdf);
      expect(text).not.toBeNull();
      expect(paymentFields(text!)).toEqual({
        format: 'ST00012',
        Name: 'ООО «Ромашка»',
        PersonalAcc: '40702810938000000001',
        BankName: 'ПАО Сбербанк',
        BIC: '044525225',
        PayeeINN: '7707083893',
        Sum: '315099',
        Purpose: `Оплата по счёту № ${invoice.number}`,
      });
      expect(
        text!
          .split('|')
          .slice(1, 5)
          .map((pair) => pair.split('=')[0]),
      ).toEqual(['Name', 'PersonalAcc', 'BankName', 'BIC']);
    },
  );

  it('409 with one detail per missing seller requisite; 409 for a deal without positions; neither uses a number', async () => {
    const c = await dealsCompany(t.http, 'inv-missing');
    const deal = await createDeal(t.http, c, { positions: LINES });
    const none = expectError(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 409, 'conflict');
    expect(none.error.details).toEqual(
      ['legal_name', 'inn', 'bank_name', 'bank_bic', 'bank_account'].map((field) => ({
        field,
        message: expect.any(String),
      })),
    );
    expectSuccess(
      await t.http
        .patch(`/api/v1/companies/${c.id}/modules/docs/settings`)
        .set(c.owner.auth)
        .send({ legal_name: SELLER.legal_name, inn: SELLER.inn, bank_bic: SELLER.bank_bic }),
    );
    const some = expectError(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 409, 'conflict');
    expect(some.error.details.map((d: any) => d.field)).toEqual(['bank_name', 'bank_account']);

    expectSuccess(
      await t.http
        .patch(`${moduleOf(c.id, 'docs')}/settings`)
        .set(c.owner.auth)
        .send(SELLER),
    );
    const empty = await createDeal(t.http, c);
    expectError(await t.http.post(invoiceOf(c, empty.id)).set(c.owner.auth).send({}), 409, 'conflict');
    expect(await docCount(c)).toBe(0);
    const refusals = await auditRecords(db, c.id, 'dm.deals.invoice');
    expect(refusals.map((r) => r.status)).toEqual(['error', 'error', 'error']);

    const first = expectSuccess(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 201);
    expect(first.number).toBe(`${year}-1`);
  });

  it('a failed store leaves no file, no Doc row and no number used', async () => {
    const c = await sellerCompany('inv-fail');
    const deal = await createDeal(t.http, c, { positions: LINES });
    const [{ objects_count, limit }] = await db.query(
      `SELECT c.objects_count, p.limit_objects_count AS limit FROM companies c JOIN pricing_plans p ON p.code = c.plan_code
       WHERE c.id = $1`,
      [c.id],
    );
    await db.query(`UPDATE companies SET objects_count = $2 WHERE id = $1`, [c.id, limit]);
    expectError(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 409, 'limit_exceeded');
    expect(await docCount(c)).toBe(0);
    await db.query(`UPDATE companies SET objects_count = $2 WHERE id = $1`, [c.id, objects_count]);
    const invoice = expectSuccess(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 201);
    expect(invoice.number).toBe(`${year}-1`);
    const [usage] = await db.query(`SELECT objects_count FROM companies WHERE id = $1`, [c.id]);
    expect(usage.objects_count).toBe(objects_count + 1);
  });

  it('numbers run without gaps or duplicates under 10 concurrent invoices, per company', async () => {
    const [c, other] = await Promise.all([sellerCompany('inv-race'), sellerCompany('inv-race-other')]);
    const deal = await createDeal(t.http, c, { positions: LINES });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({})),
    );
    const numbers = answers.map((res) => expectSuccess(res, 201).number);
    expect([...numbers].sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1]))).toEqual(
      Array.from({ length: 10 }, (_, i) => `${year}-${i + 1}`),
    );
    expect(await docCount(c)).toBe(10);
    const otherDeal = await createDeal(t.http, other, { positions: LINES });
    const otherFirst = expectSuccess(
      await t.http.post(invoiceOf(other, otherDeal.id)).set(other.owner.auth).send({}),
      201,
    );
    expect(otherFirst.number).toBe(`${year}-1`);
  }, 120_000); // one company's invoices are drawn one at a time (docs/deals.md, "Invoices")

  it('404 for another company’s deal; 400 for a malformed due_date or an unknown field', async () => {
    const [c, other] = await Promise.all([sellerCompany('inv-404'), sellerCompany('inv-404-other')]);
    const deal = await createDeal(t.http, other, { positions: LINES });
    expectError(await t.http.post(invoiceOf(c, deal.id)).set(c.owner.auth).send({}), 404, 'not_found');
    const mine = await createDeal(t.http, c, { positions: LINES });
    for (const body of [{ due_date: '2030-02-30' }, { due_date: '31.01.2030' }, { number: '1' }]) {
      expectError(await t.http.post(invoiceOf(c, mine.id)).set(c.owner.auth).send(body), 400, 'validation_failed');
    }
  });
});
