/** @shared-app */
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { downloadFile } from '../support/downloads';
import { expectError, expectSuccess } from '../support/expectations';
import {
  addMember,
  auditRecords,
  newAccount,
  newAdmin,
  newCompany,
  TestAccount,
  uniqueEmail,
} from '../support/factories';
import { newTransaction } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { companyOf, crm, hrm, moduleOf } from '../support/urls';
import { newCategory, newUnit } from '../support/warehouse';

/** CONTRACT 24: the client's remaining calls (and CONTRACT 22's sources per module). */
describe('The rest of the platform (CONTRACT 24)', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let clientId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'rest');
    companyId = (await newCompany(t.http, owner)).id;
    const employee = async (first_name: string) =>
      expectSuccess(
        await t.http
          .post(`${hrm(companyId)}/employees`)
          .set(owner.auth)
          .send({ first_name }),
        201,
      );
    await employee('Анна');
    const inactive = await employee('Борис');
    expectSuccess(await t.http.post(`${hrm(companyId)}/employees/${inactive.id}/deactivate`).set(owner.auth));
    const sources = expectSuccess(await t.http.get(`${crm(companyId)}/sources`).set(owner.auth)).sources;
    const client = async (first_name: string) =>
      expectSuccess(
        await t.http
          .post(`${crm(companyId)}/clients`)
          .set(owner.auth)
          .send({
            first_name,
            last_name: 'Клиентов',
            type: 'individual',
            source_id: sources[0].id,
            phone: '+7 900 000-00-00',
          }),
        201,
      );
    clientId = (await client('Иван')).id;
    const other = await client('Пётр');
    expectSuccess(await t.http.post(`${crm(companyId)}/clients/${other.id}/deactivate`).set(owner.auth));
    const category = await newCategory(t.http, owner, companyId);
    await newUnit(t.http, owner, companyId, { category_id: category.id });
    await newTransaction(t.http, owner, companyId, { base_amount: 1000.5 });
    await newTransaction(t.http, owner, companyId, { base_amount: 200, direction: 'expense' });
    await newTransaction(t.http, owner, companyId, { base_amount: 10, currency: 'USD' });
    await newTransaction(t.http, owner, companyId, { base_amount: 0.5, currency: 'BTC', direction: 'expense' });
  });
  afterAll(() => t.close());

  describe('GET …/modules/summary', () => {
    const summary = (query = '') => t.http.get(`${moduleOf(companyId, 'summary')}${query}`).set(owner.auth);

    it('counts from the kept counts and the balance of RUB only, other currencies beside it', async () => {
      expect(expectSuccess(await summary())).toEqual({
        employees_total: 2,
        employees_active: 1,
        deals_total: 0,
        categories_total: 1,
        units_total: 1,
        clients_total: 2,
        clients_active: 1,
        balance_income: 1000.5,
        balance_expense: 200,
        balance_total: 800.5,
        balance_count: 2,
        currency: 'RUB',
        other_currencies: [
          { currency: 'BTC', balance_income: 0, balance_expense: 0.5, balance_total: -0.5, balance_count: 1 },
          { currency: 'USD', balance_income: 10, balance_expense: 0, balance_total: 10, balance_count: 1 },
        ],
      });
    });

    it('in the asked currency, RUB then beside it; a currency without transactions is zero', async () => {
      const usd = expectSuccess(await summary('?currency=USD'));
      expect(usd).toMatchObject({ currency: 'USD', balance_income: 10, balance_total: 10, balance_count: 1 });
      expect(usd.other_currencies.map((c: any) => c.currency)).toEqual(['BTC', 'RUB']);
      expect(expectSuccess(await summary('?currency=EUR'))).toMatchObject({
        currency: 'EUR',
        balance_income: 0,
        balance_expense: 0,
        balance_total: 0,
        balance_count: 0,
      });
    });

    it('an unknown currency is 400; another company is 404', async () => {
      expectError(await summary('?currency=XXX'), 400, 'validation_failed');
      const stranger = await newAccount(t.http, 'rest-stranger');
      expectError(await t.http.get(moduleOf(companyId, 'summary')).set(stranger.auth), 404, 'not_found');
    });
  });

  describe('POST …/modules/crm/report', () => {
    const report = (body: Record<string, unknown>) =>
      t.http
        .post(`${crm(companyId)}/report`)
        .set(owner.auth)
        .send(body);
    const sheetsOf = async (path: string) => {
      const file = await downloadFile(t.http, owner.auth, companyId, path);
      expect(file.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body);
      return Object.fromEntries(
        workbook.worksheets.map((sheet) => {
          const rows: unknown[][] = [];
          sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')));
          return [sheet.name, rows.slice(rows.findIndex((row) => row[0] === '№'))];
        }),
      );
    };

    it('a 201 Doc with a sheet per type (default both), audited as crm.report', async () => {
      const doc = expectSuccess(await report({ comment: 'Клиенты за год' }), 201);
      expect(doc).toMatchObject({ module: 'crm', type: 'report', comment: 'Клиенты за год' });
      const sheets = await sheetsOf(doc.object_path);
      expect(Object.keys(sheets)).toEqual(['Клиенты', 'Источники']);
      expect(sheets['Клиенты'].slice(1).map((row) => [row[2], row[4]])).toEqual([
        ['Клиентов Иван', 'Активен'],
        ['Клиентов Пётр', 'Неактивен'],
      ]);
      expect(sheets['Источники'][1]).toEqual(expect.arrayContaining(['Да', 2]));
      const records = await auditRecords(db, companyId, 'crm.report');
      expect(records.at(-1)).toMatchObject({ status: 'success', account_id: owner.id });
    });

    it('types choose the sheets; an unknown type 400; without crm.report 403', async () => {
      const doc = expectSuccess(await report({ types: ['sources'], format: 'xlsx' }), 201);
      expect(Object.keys(await sheetsOf(doc.object_path))).toEqual(['Источники']);
      expectError(await report({ types: ['deals'] }), 400, 'validation_failed');
      const member = await newAccount(t.http, 'rest-member');
      await addMember(db, companyId, member, ['crm.clients']);
      expectError(
        await t.http
          .post(`${crm(companyId)}/report`)
          .set(member.auth)
          .send({}),
        403,
        'forbidden',
      );
    });
  });

  describe('currencies', () => {
    let admin: TestAccount;
    beforeAll(async () => {
      admin = await newAdmin(t.http, db);
      await db.query(`UPDATE accounts SET admin_level = 5 WHERE id = $1`, [admin.id]);
    });
    afterAll(() => db.query(`DELETE FROM currency_rates WHERE code IN ('USD', 'EUR')`));

    it('GET /currency and /currency/{id} without a credential, in the Kroncl shape', async () => {
      const list = expectSuccess(await t.http.get('/api/v1/currency')).currencies;
      expect(list).toHaveLength(16);
      expect(list[0]).toMatchObject({ id: 'RUB', type: 'fiat', symbol: '₽', rate: { rate: 1, source: 'manual' } });
      expect(list.find((c: any) => c.id === 'BTC')).toMatchObject({ type: 'crypto' });
      expect(expectSuccess(await t.http.get('/api/v1/currency/KZT'))).toMatchObject({ id: 'KZT', rate: null });
      expectError(await t.http.get('/api/v1/currency/XXX'), 404, 'not_found');
    });

    it('PUT /admin/currency/{id}: level 5 sets and clears a rate; bad rates and RUB 400; unknown 404', async () => {
      const put = (code: string, body: unknown, auth = admin.auth) =>
        t.http
          .put(`/api/v1/admin/currency/${code}`)
          .set(auth)
          .send(body as object);
      const set = expectSuccess(await put('USD', { rate: 92.5 }));
      expect(set).toMatchObject({ id: 'USD', rate: { rate: 92.5, source: 'manual' } });
      expect(expectSuccess(await t.http.get('/api/v1/currency/USD')).rate.rate).toBe(92.5);
      const trail = await db.query(`SELECT key FROM admin_logs WHERE admin_id = $1 AND key = 'currency.rate'`, [
        admin.id,
      ]);
      expect(trail).toHaveLength(1);
      expect(expectSuccess(await put('USD', { rate: null })).rate).toBeNull();
      for (const rate of [0, -1, 'abc', undefined]) expectError(await put('EUR', { rate }), 400, 'validation_failed');
      expectError(await put('RUB', { rate: 2 }), 400, 'validation_failed');
      expectError(await put('XXX', { rate: 2 }), 404, 'not_found');
      expectError(await put('USD', { rate: 2 }, owner.auth), 403, 'forbidden');
      await db.query(`UPDATE accounts SET admin_level = 4 WHERE id = $1`, [admin.id]);
      expectError(await put('USD', { rate: 2 }), 403, 'forbidden');
      await db.query(`UPDATE accounts SET admin_level = 5 WHERE id = $1`, [admin.id]);
      expectError(await t.http.put('/api/v1/admin/currency/USD').send({ rate: 2 }), 401, 'unauthorized');
    });
  });

  describe('small calls', () => {
    it('GET /account/check-email-unique without a credential', async () => {
      expect(expectSuccess(await t.http.get(`/api/v1/account/check-email-unique?email=${owner.email}`))).toEqual({
        unique: false,
      });
      const free = uniqueEmail('free');
      expect(expectSuccess(await t.http.get(`/api/v1/account/check-email-unique?email=${free.toUpperCase()}`))).toEqual(
        { unique: true },
      );
      expectError(await t.http.get('/api/v1/account/check-email-unique?email=nope'), 400, 'validation_failed');
    });

    it('GET /status/billing: no payment provider', async () => {
      expect(expectSuccess(await t.http.get('/api/v1/status/billing'))).toEqual({ enabled: false, mode: 'manual' });
    });

    it('GET /visit-cards/{slug}: a public company; a private and an unknown slug alike 404', async () => {
      const visible = await newCompany(t.http, owner);
      expectSuccess(
        await t.http.patch(companyOf(visible.id)).set(owner.auth).send({ is_public: true, region: 'Москва' }),
      );
      const card = expectSuccess(await t.http.get(`/api/v1/visit-cards/${visible.slug}`));
      expect(card).toEqual({
        id: visible.id,
        name: visible.name,
        slug: visible.slug,
        description: null,
        avatar_url: null,
        region: 'Москва',
        site: null,
      });
      const hidden = await newCompany(t.http, owner);
      expectError(await t.http.get(`/api/v1/visit-cards/${hidden.slug}`), 404, 'not_found');
      expectError(await t.http.get('/api/v1/visit-cards/no-such-company-slug'), 404, 'not_found');
      for (const hostile of ['%00', 'x'.repeat(5000), '%F0%9F%92%A9']) {
        expect([400, 404]).toContain((await t.http.get(`/api/v1/visit-cards/${hostile}`)).status);
      }
    });

    it('POST /companies/{id}/delete is DELETE /companies/{id}: owner only, then 404', async () => {
      const doomed = await newCompany(t.http, owner);
      const member = await newAccount(t.http, 'rest-deleter');
      await addMember(db, doomed.id, member, ['company.delete']);
      expectError(await t.http.post(`${companyOf(doomed.id)}/delete`).set(member.auth), 403, 'forbidden');
      expect(expectSuccess(await t.http.post(`${companyOf(doomed.id)}/delete`).set(owner.auth))).toEqual({});
      expectError(await t.http.get(companyOf(doomed.id)).set(owner.auth), 404, 'not_found');
    });

    it('GET /companies/{id}/docs and …/docs/{docId}: aliases of the docs routes', async () => {
      const doc = expectSuccess(
        await t.http
          .post(`${crm(companyId)}/report`)
          .set(owner.auth)
          .send({}),
        201,
      );
      const listed = expectSuccess(await t.http.get(`${companyOf(companyId)}/docs`).set(owner.auth));
      expect(listed.docs.map((d: any) => d.id)).toContain(doc.id);
      expect(expectSuccess(await t.http.get(`${companyOf(companyId)}/docs/${doc.id}`).set(owner.auth)).id).toBe(doc.id);
    });

    it('GET /companies/{id}/plan is gone (GET …/pricing reads the plan); PUT stays for administrators', async () => {
      expectError(await t.http.get(`${companyOf(companyId)}/plan`).set(owner.auth), 404, 'not_found');
      expectSuccess(await t.http.get(`${companyOf(companyId)}/pricing`).set(owner.auth));
      expectError(
        await t.http
          .put(`${companyOf(companyId)}/plan`)
          .set(owner.auth)
          .send({ code: 'start', period: 'month' }),
        403,
        'forbidden',
      );
    });
  });

  describe('GET …/storage/db/sources/modules', () => {
    it('the rows per module from the kept counts, the alias the same', async () => {
      const answer = expectSuccess(
        await t.http.get(`${companyOf(companyId)}/storage/db/sources/modules`).set(owner.auth),
      );
      const summary = expectSuccess(await t.http.get(moduleOf(companyId, 'summary')).set(owner.auth));
      // Members added above have employee cards too: the summary counts the same rows.
      expect(answer.modules.hrm).toMatchObject({ table_count: 1, row_count: summary.employees_total });
      expect(answer.modules.crm).toMatchObject({ table_count: 1, row_count: summary.clients_total });
      expect(answer.modules.fm).toMatchObject({ table_count: 1, row_count: 4 });
      expect(answer.modules.hrm.total_bytes).toBeGreaterThanOrEqual(0);
      const modules = Object.values(answer.modules) as any[];
      expect(answer.total.row_count).toBe(modules.reduce((sum, m) => sum + m.row_count, 0));
      expect(answer.total.table_count).toBe(modules.length);
      const alias = expectSuccess(await t.http.get(`${companyOf(companyId)}/storage/sources/modules`).set(owner.auth));
      expect(alias.modules.hrm).toEqual(answer.modules.hrm);
    });
  });
});
