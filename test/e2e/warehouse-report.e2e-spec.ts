/** @shared-app */
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { downloadFile } from '../support/downloads';
import { expectError, expectSuccess } from '../support/expectations';
import { auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { newCategory, newUnit } from '../support/warehouse';
import { wm } from '../support/urls';

describe('Warehouse report', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  async function stockedCompany() {
    const owner = await newAccount(t.http, 'wm-report');
    const company = await newCompany(t.http, owner);
    const base = wm(company.id);
    const category = await newCategory(t.http, owner, company.id, { name: 'Инструменты' });
    const unit = await newUnit(t.http, owner, company.id, { name: 'Молоток', category_id: category.id });
    for (const body of [
      { direction: 'income', positions: [{ unit_id: unit.id, quantity: 5, price: 10.5 }] },
      { direction: 'outcome', positions: [{ unit_id: unit.id, quantity: 1.5 }] },
    ]) {
      expectSuccess(await t.http.post(`${base}/stocks/batches`).set(owner.auth).send(body), 201);
    }
    return { owner, company, base };
  }

  /** A worksheet's rows from the table header on (row 1 is the title, then the subtitle lines). */
  function tableOf(sheet: ExcelJS.Worksheet, columns: number): unknown[][] {
    const rows: unknown[][] = [];
    let started = false;
    sheet.eachRow((row) => {
      const cells = Array.from({ length: columns }, (_, c) => row.getCell(c + 1).value ?? '');
      if (!started && typeof cells[1] === 'string' && cells[1] !== '' && row.number > 1) started = true;
      if (started) rows.push(cells);
    });
    return rows;
  }

  it('XLSX by default: one worksheet per type, in order, with exact figures', async () => {
    const { owner, company, base } = await stockedCompany();
    const doc = expectSuccess(await t.http.post(`${base}/report`).set(owner.auth).send({ comment: 'Итоги' }), 201);
    expect(doc).toMatchObject({ module: 'wm', type: 'report', comment: 'Итоги' });
    expect(doc.object_path).toMatch(/^wm\/report\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.xlsx$/);
    const file = await downloadFile(t.http, owner.auth, company.id, doc.object_path);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Категории',
      'Товары и услуги',
      'Остатки',
      'Партии',
      'Позиции',
    ]);
    const balance = tableOf(workbook.getWorksheet('Остатки')!, 5);
    expect(balance).toEqual([
      ['Товар', 'Ед.', 'Количество', 'Резерв', 'Доступно'],
      ['Молоток', 'pcs', 3.5, 0, 3.5],
    ]);
    const positions = tableOf(workbook.getWorksheet('Позиции')!, 7);
    expect(positions[1].slice(1, 7)).toEqual(['Молоток', 'batch', 5, 3.5, 10.5, 'RUB']);
    expect(tableOf(workbook.getWorksheet('Партии')!, 3).length).toBe(3);
    const records = await auditRecords(t.db, company.id, 'wm.report');
    expect(records).toEqual([expect.objectContaining({ status: 'success', account_id: owner.id })]);
  });

  it('types chooses the sheets; the window limits batches and positions; PDF works', async () => {
    const { owner, company, base } = await stockedCompany();
    const doc = expectSuccess(
      await t.http
        .post(`${base}/report`)
        .set(owner.auth)
        .send({ types: ['stock_positions', 'catalog_units'], start_date: '2100-01-01T00:00:00Z' }),
      201,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadFile(t.http, owner.auth, company.id, doc.object_path)).body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Товары и услуги', 'Позиции']);
    expect(tableOf(workbook.getWorksheet('Позиции')!, 8)).toEqual([
      ['Дата (UTC)', 'Товар', 'Тип', 'Количество', 'Остаток', 'Цена', 'Валюта', 'Партия'],
    ]);
    const pdf = expectSuccess(await t.http.post(`${base}/report`).set(owner.auth).send({ format: 'pdf' }), 201);
    expect(pdf.object_path).toMatch(/\.pdf$/);
  });

  it('refuses unknown types, repeated types, malformed dates and formats (400)', async () => {
    const { owner, base } = await stockedCompany();
    for (const body of [
      { types: ['stock_everything'] },
      { types: [] },
      { types: ['stock_balance', 'stock_balance'] },
      { start_date: '2026-13-01' },
      { end_date: 'yesterday' },
      { format: 'csv' },
    ]) {
      expectError(await t.http.post(`${base}/report`).set(owner.auth).send(body), 400, 'validation_failed');
    }
  });
});
