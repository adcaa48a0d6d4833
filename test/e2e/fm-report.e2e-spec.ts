/** @shared-app */
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { pdfText } from '../support/docs';
import { downloadFile } from '../support/downloads';
import { expectError, expectSuccess } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { newCounterparty, newTransaction } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm } from '../support/urls';

/** The finance report (CONTRACT 12 and 14): the requested types as sheets, XLSX by default. */
describe('Finance report', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'fm-report');
    companyId = (await newCompany(t.http, owner)).id;
    const other = (await newCompany(t.http, owner)).id;
    const at = async (id: string, time: string, body: Record<string, unknown>) => {
      const created = await newTransaction(t.http, owner, id, body);
      await db.query(`UPDATE transactions SET created_at = $2 WHERE id = $1`, [created.id, time]);
    };
    await at(companyId, '2026-01-05T10:00:00Z', { base_amount: 1500.5, comment: 'Оплата от клиента' });
    await at(companyId, '2026-02-05T10:00:00Z', { base_amount: 0.00000001, currency: 'BTC', direction: 'expense' });
    await at(other, '2026-01-05T10:00:00Z', { base_amount: 999, comment: 'Чужая операция' });
    const bank = await newCounterparty(t.http, owner, companyId, { name: 'Сбербанк' });
    const credit = expectSuccess(
      await t.http
        .post(`${fm(companyId)}/credits`)
        .set(owner.auth)
        .send({
          name: 'Кредит',
          type: 'debt',
          total_amount: 1000,
          currency: 'RUB',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          counterparty_id: bank.id,
          interest_rate: 9.5,
        }),
      201,
    );
    expectSuccess(
      await t.http
        .post(`${fm(companyId)}/credits/${credit.id}/pay`)
        .set(owner.auth)
        .send({ amount: 250, paid_at: '2026-03-01T00:00:00Z' }),
      201,
    );
  });
  afterAll(() => t.close());

  const report = (body: Record<string, unknown>) =>
    t.http
      .post(`${fm(companyId)}/report`)
      .set(owner.auth)
      .send(body);
  const download = async (path: string) => {
    const file = await downloadFile(t.http, owner.auth, companyId, path);
    expect(file.status).toBe(200);
    return file;
  };
  /** Each worksheet's table: the rows from its header row on, empty cells as ''. */
  const tables = async (path: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(path)).body);
    return Object.fromEntries(
      workbook.worksheets.map((sheet) => {
        const rows: unknown[][] = [];
        sheet.eachRow((row) => {
          // row.values is sparse (empty cells are holes) and starts at index 1.
          const values = Array.from((row.values as unknown[]).slice(1), (v) => v ?? '');
          rows.push(values);
        });
        const header = rows.findIndex((row) => row[0] === '№');
        return [sheet.name, rows.slice(header)];
      }),
    );
  };

  it('XLSX by default with all three sheets, the company’s own rows only, amounts as exact numbers', async () => {
    const doc = expectSuccess(await report({ comment: 'Годовой' }), 201);
    expect(doc).toMatchObject({ module: 'fm', type: 'report', comment: 'Годовой' });
    expect(doc.object_path).toMatch(/^fm\/report\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.xlsx$/);
    const sheets = await tables(doc.object_path);
    expect(Object.keys(sheets)).toEqual(['Операции', 'Категории', 'Кредиты']);
    expect(sheets['Операции']).toEqual([
      [
        '№',
        'Дата (UTC)',
        'Направление',
        'Сумма',
        'Валюта',
        'Статус',
        'Категория',
        'Сотрудник',
        'Комментарий',
        'Сторно',
      ],
      [1, '2026-01-05 10:00:00', 'Доход', 1500.5, 'RUB', 'Проведена', '', '', 'Оплата от клиента'],
      [2, '2026-02-05 10:00:00', 'Расход', 0.00000001, 'BTC', 'Проведена'],
      [3, '2026-03-01 00:00:00', 'Расход', 250, 'RUB', 'Проведена', 'Расход по займам'],
    ]);
    expect(sheets['Категории'][0]).toEqual(['№', 'Название', 'Направление', 'Системная', 'Код', 'Описание']);
    expect(
      sheets['Категории']
        .slice(1)
        .map((row) => row[4])
        .sort(),
    ).toEqual(['credit', 'deal-expense', 'deal-income', 'dept']);
    expect(sheets['Кредиты']).toEqual([
      [
        '№',
        'Название',
        'Тип',
        'Статус',
        'Контрагент',
        'Сумма',
        'Оплачено',
        'Остаток',
        'Валюта',
        'Ставка, %',
        'Начало',
        'Окончание',
      ],
      [1, 'Кредит', 'Долг', 'Активен', 'Сбербанк', 1000, 250, 750, 'RUB', 9.5, '2026-01-01', '2026-12-31'],
    ]);
    const records = await auditRecords(db, companyId, 'fm.report');
    expect(records.at(-1)).toMatchObject({ status: 'success', account_id: owner.id });
    expect(records.at(-1).metadata.result_id).toBe(doc.id);
  });

  it('types choose the sheets and their order; the window bounds the transactions', async () => {
    const doc = expectSuccess(
      await report({
        types: ['credits', 'transactions'],
        start_date: '2026-02-01T00:00:00Z',
        end_date: '2026-02-28T23:59:59Z',
      }),
      201,
    );
    const sheets = await tables(doc.object_path);
    expect(Object.keys(sheets)).toEqual(['Кредиты', 'Операции']);
    expect(sheets['Операции'].slice(1).map((row) => row[4])).toEqual(['BTC']);
  });

  it('PDF: the requested tables come back out of the file', async () => {
    const doc = expectSuccess(await report({ format: 'pdf', types: ['transactions', 'credits'] }), 201);
    expect(doc.object_path).toMatch(/\.pdf$/);
    const file = await download(doc.object_path);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.body);
    if (text !== null) {
      expect(text).toContain('Финансовый отчёт');
      expect(text).toContain('Операции');
      expect(text).toContain('Кредиты');
      expect(text).toContain('Сбербанк');
      expect(text).not.toContain('Категории');
      expect(text).not.toContain('Чужая операция');
    }
  });

  it.each([
    { types: ['deals'] },
    { types: [] },
    { types: 'transactions' },
    { types: ['credits', 'credits'] },
    { format: 'docx' },
    { start_date: '2026-01-01' },
    { start_date: '2026-02-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' },
    { comment: '  ' },
    { rows: 5 },
  ])('%j is 400', async (body) => {
    expectError(await report(body), 400, 'validation_failed');
  });

  it('needs fm.report', async () => {
    const member = await newAccount(t.http, 'fm-report-member');
    await addMember(db, companyId, member, ['fm.transactions']);
    expectError(
      await t.http
        .post(`${fm(companyId)}/report`)
        .set(member.auth)
        .send({}),
      403,
      'forbidden',
    );
  });
});
