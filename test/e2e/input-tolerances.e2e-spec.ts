/** @shared-app */
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { expectError, expectSuccess } from '../support/expectations';
import { newCounterparty } from '../support/finance';
import { newCategory, newUnit } from '../support/warehouse';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { companyOf, cpm, fm, wm } from '../support/urls';

/**
 * What the platform's web client sends that CONTRACT 1 refused and CONTRACT 17 accepts, each
 * rule written once in the validation layer: tried here on the routes the client sends it to,
 * with the refusals that stay. And CONTRACT 1's unknown query parameters, 400 naming each one.
 */
describe('Input tolerances (CONTRACT 17) and unknown query parameters (CONTRACT 1)', () => {
  let t: SharedTestApp;
  let owner: TestAccount;
  let companyId: string;
  let modules: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await newAccount(t.http, 'tolerant');
    companyId = (await newCompany(t.http, owner)).id;
    modules = `${companyOf(companyId)}/modules`;
  });
  afterAll(() => t.close());

  describe('a read-only field sent with the value it has anyway', () => {
    it('system: false on a CRM source create and edit is accepted and ignored', async () => {
      const body = { name: 'Лендинг', type: 'paid', system: false };
      const source = expectSuccess(await t.http.post(`${modules}/crm/sources`).set(owner.auth).send(body), 201);
      expect(source).toMatchObject({ name: 'Лендинг', type: 'paid', system: false });
      const edited = await t.http
        .patch(`${modules}/crm/sources/${source.id}`)
        .set(owner.auth)
        .send({ name: 'Лендинг 2', system: false });
      expect(expectSuccess(edited)).toMatchObject({ name: 'Лендинг 2', system: false });
    });

    it('system: false on a finance category create is accepted', async () => {
      const body = { name: 'Реклама', direction: 'expense', system: false };
      const category = expectSuccess(
        await t.http
          .post(`${fm(companyId)}/transactions/categories`)
          .set(owner.auth)
          .send(body),
        201,
      );
      expect(category).toMatchObject({ name: 'Реклама', system: false, slug: `category-${category.id}` });
    });

    it.each([
      ['true', true],
      ['a string', 'false'],
      ['null', null],
    ])('system %s is 400 naming it, and nothing is created', async (_label, system) => {
      const body = { name: `Refused ${String(system)}`, type: 'paid', system };
      const res = expectError(
        await t.http.post(`${modules}/crm/sources`).set(owner.auth).send(body),
        400,
        'validation_failed',
      );
      expect(res.error.details).toEqual([{ field: 'system', message: 'is read-only: only false is accepted' }]);
      const search = `${modules}/crm/sources?search=${encodeURIComponent(body.name)}`;
      expect(expectSuccess(await t.http.get(search).set(owner.auth)).sources).toEqual([]);
    });

    it('read-only ids and timestamps, and fields the resource does not have, stay 400', async () => {
      for (const extra of [
        { id: '00000000-0000-4000-8000-000000000001' },
        { created_at: '2026-01-01T00:00:00Z' },
        { colour: 'red' },
      ]) {
        const res = await t.http
          .post(`${modules}/crm/sources`)
          .set(owner.auth)
          .send({ name: 'X', type: 'paid', ...extra });
        expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
          { field: Object.keys(extra)[0], message: 'is not an allowed field' },
        ]);
      }
    });
  });

  describe('"" in an optional field is null', () => {
    it('clears last_name, email and phone of an employee, as the HRM edit page sends them', async () => {
      const hrm = `${modules}/hrm/employees`;
      const created = expectSuccess(
        await t.http
          .post(hrm)
          .set(owner.auth)
          .send({ first_name: 'Анна', last_name: 'Иванова', email: 'anna@example.test', phone: '+7 900 000-00-00' }),
        201,
      );
      const edited = expectSuccess(
        await t.http
          .patch(`${hrm}/${created.id}`)
          .set(owner.auth)
          .send({ first_name: 'Анна', last_name: '', email: '', phone: '' }),
      );
      expect(edited).toMatchObject({ first_name: 'Анна', last_name: null, email: null, phone: null });
    });

    it('is as absent on a create', async () => {
      const res = await t.http
        .post(`${modules}/hrm/employees`)
        .set(owner.auth)
        .send({ first_name: 'Борис', last_name: '', email: '', phone: '' });
      expect(expectSuccess(res, 201)).toMatchObject({ first_name: 'Борис', last_name: null, email: null, phone: null });
    });

    it('clears a deal type comment and a warehouse category parent (the root), as their edit pages send them', async () => {
      const types = `${modules}/dm/types`;
      const type = expectSuccess(
        await t.http.post(types).set(owner.auth).send({ name: 'Опт', comment: 'крупный' }),
        201,
      );
      const edited = expectSuccess(
        await t.http.patch(`${types}/${type.id}`).set(owner.auth).send({ name: 'Опт', comment: '' }),
      );
      expect(edited.comment).toBeNull();

      const parent = await newCategory(t.http, owner, companyId);
      const child = await newCategory(t.http, owner, companyId, { parent_id: parent.id });
      const moved = await t.http
        .patch(`${wm(companyId)}/catalog/categories/${child.id}`)
        .set(owner.auth)
        .send({ name: child.name, parent_id: '' });
      expect(expectSuccess(moved).parent_id).toBeNull();
    });

    it('inside nested lines too (positions.0.comment)', async () => {
      const deals = `${modules}/dm/deals`;
      const deal = expectSuccess(
        await t.http
          .post(deals)
          .set(owner.auth)
          .send({ positions: [{ name: 'Работа', price: 10, quantity: 1, comment: 'срочно' }] }),
        201,
      );
      const edited = await t.http
        .patch(`${deals}/${deal.id}`)
        .set(owner.auth)
        .send({ comment: '', positions: [{ id: deal.positions[0].id, comment: '' }] });
      expect(expectSuccess(edited)).toMatchObject({ comment: null, positions: [{ comment: null }] });
    });

    it('"" in a required field stays 400, and nothing changes', async () => {
      const hrm = `${modules}/hrm/employees`;
      const created = expectSuccess(await t.http.post(hrm).set(owner.auth).send({ first_name: 'Вера' }), 201);
      const res = await t.http.patch(`${hrm}/${created.id}`).set(owner.auth).send({ first_name: '', last_name: '' });
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'first_name', message: 'must not be empty' },
      ]);
      expect(expectSuccess(await t.http.get(`${hrm}/${created.id}`).set(owner.auth)).first_name).toBe('Вера');
      const create = await t.http.post(`${modules}/crm/sources`).set(owner.auth).send({ name: '', type: 'paid' });
      expect(expectError(create, 400, 'validation_failed').error.details).toEqual([
        { field: 'name', message: 'must not be empty' },
      ]);
    });
  });

  describe('a date field takes an RFC 3339 date-time, as its calendar date in its own offset', () => {
    let counterpartyId: string;
    beforeAll(async () => {
      counterpartyId = (await newCounterparty(t.http, owner, companyId)).id;
    });
    const credit = (overrides: Record<string, unknown>) => ({
      name: 'Кредит',
      type: 'debt',
      total_amount: 1000,
      currency: 'RUB',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      counterparty_id: counterpartyId,
      ...overrides,
    });

    it('on a credit create and edit (the client sends toISOString())', async () => {
      const created = expectSuccess(
        await t.http
          .post(`${fm(companyId)}/credits`)
          .set(owner.auth)
          .send(credit({ start_date: '2026-01-31T23:30:00+03:00', end_date: '2026-12-31T00:00:00.000Z' })),
        201,
      );
      expect([created.start_date, created.end_date]).toEqual(['2026-01-31', '2026-12-31']);
      const edited = await t.http
        .patch(`${fm(companyId)}/credits/${created.id}`)
        .set(owner.auth)
        .send({ end_date: '2027-01-01T01:00:00-05:00' });
      expect(expectSuccess(edited).end_date).toBe('2027-01-01');
    });

    it.each([
      ['no offset', '2026-01-31T10:00:00'],
      ['no such day', '2026-02-30T10:00:00Z'],
      ['no such hour', '2026-01-31T25:00:00Z'],
      ['a date-time before start_date', '2025-12-31T23:59:59Z'],
    ])('%s is 400 naming the field', async (_label, end_date) => {
      const res = await t.http
        .post(`${fm(companyId)}/credits`)
        .set(owner.auth)
        .send(credit({ end_date }));
      expect(
        (expectError(res, 400, 'validation_failed').error.details as Array<{ field: string }>).map((d) => d.field),
      ).toEqual(['end_date']);
    });

    it("on an invoice's due_date", async () => {
      const deal = expectSuccess(
        await t.http
          .post(`${modules}/dm/deals`)
          .set(owner.auth)
          .send({ positions: [{ name: 'Работа', price: 10, quantity: 1 }] }),
        201,
      );
      // Accepted by validation: the refusal that follows is the missing seller details (409), not the date.
      const res = await t.http
        .post(`${modules}/dm/deals/${deal.id}/invoice`)
        .set(owner.auth)
        .send({ due_date: '2030-01-31T23:30:00+03:00' });
      expectError(res, 409, 'conflict');
    });
  });

  describe("a field the service cannot honour is 400 only when it would change something (a credit's currency)", () => {
    let creditId: string;
    beforeAll(async () => {
      const counterparty = await newCounterparty(t.http, owner, companyId);
      creditId = expectSuccess(
        await t.http
          .post(`${fm(companyId)}/credits`)
          .set(owner.auth)
          .send({
            name: 'Валютный',
            type: 'credit',
            total_amount: 500,
            currency: 'USD',
            start_date: '2026-01-01',
            end_date: '2026-06-30',
            counterparty_id: counterparty.id,
          }),
        201,
      ).id;
    });

    it('the same currency is accepted with the other changes', async () => {
      const res = await t.http
        .patch(`${fm(companyId)}/credits/${creditId}`)
        .set(owner.auth)
        .send({ name: 'Валютный 2', currency: 'USD' });
      expect(expectSuccess(res)).toMatchObject({ name: 'Валютный 2', currency: 'USD' });
    });

    it('another currency is 400 naming it, and nothing changes', async () => {
      const res = await t.http
        .patch(`${fm(companyId)}/credits/${creditId}`)
        .set(owner.auth)
        .send({ name: 'Рублёвый', currency: 'RUB' });
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'currency', message: 'cannot be changed (it is "USD"); send that value or leave it out' },
      ]);
      expect(expectSuccess(await t.http.get(`${fm(companyId)}/credits/${creditId}`).set(owner.auth))).toMatchObject({
        name: 'Валютный 2',
        currency: 'USD',
      });
    });

    it('an unknown or null currency is 400 as on a create', async () => {
      for (const currency of ['XXX', null]) {
        const res = await t.http
          .patch(`${fm(companyId)}/credits/${creditId}`)
          .set(owner.auth)
          .send({ currency });
        expect((expectError(res, 400, 'validation_failed').error.details as Array<{ field: string }>)[0].field).toBe(
          'currency',
        );
      }
    });
  });

  describe('unknown query parameters', () => {
    it.each([
      ['crm/clients', 'sort=name'],
      ['hrm/employees', 'status=active&sort=name&order=asc'],
      ['fm/transactions', 'direction=income&sortBy=amount'],
      ['dm/deals', 'group_by=status&view=board'],
    ])('a list (%s) answers 400 naming each one, never an unfiltered page', async (list, query) => {
      const res = await t.http.get(`${modules}/${list}?${query}`).set(owner.auth);
      const known = ['status', 'direction', 'group_by'];
      const unknown = [...new URLSearchParams(query).keys()].filter((name) => !known.includes(name));
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual(
        unknown.map((field) => ({ field, message: 'is not a known query parameter' })),
      );
    });

    it('a route that takes no query answers 400 naming it', async () => {
      const counterparty = await newCounterparty(t.http, owner, companyId);
      const res = await t.http
        .get(`${cpm(companyId)}/counterparties/${counterparty.id}?expand=credits`)
        .set(owner.auth);
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
        { field: 'expand', message: 'is not a known query parameter (this operation takes none)' },
      ]);
    });

    it("a parameter repeating a path parameter's value is dropped (the finance widget's ?id=); another value is 400", async () => {
      const summary = `${modules}/fm/analysis/summary`;
      expect(expectSuccess(await t.http.get(`${summary}?id=${companyId}&currency=RUB`).set(owner.auth))).toEqual(
        expectSuccess(await t.http.get(`${summary}?currency=RUB`).set(owner.auth)),
      );
      const counterparty = await newCounterparty(t.http, owner, companyId);
      const single = `${cpm(companyId)}/counterparties/${counterparty.id}`;
      expectSuccess(await t.http.get(`${single}?counterpartyId=${counterparty.id}&id=${companyId}`).set(owner.auth));

      const other = await newCompany(t.http, owner);
      for (const url of [`${summary}?id=${other.id}`, `${summary}?id=${companyId}&id=${companyId}`]) {
        expect(expectError(await t.http.get(url).set(owner.auth), 400, 'validation_failed').error.details).toEqual([
          { field: 'id', message: 'is not a known query parameter' },
        ]);
      }
    });

    it('every filter the web client sends is known: stock positions search by unit name', async () => {
      const unit = await newUnit(t.http, owner, companyId, { name: 'Станок токарный' });
      await newUnit(t.http, owner, companyId, { name: 'Фреза' });
      const batch = expectSuccess(
        await t.http
          .post(`${wm(companyId)}/stocks/batches`)
          .set(owner.auth)
          .send({ direction: 'income', positions: [{ unit_id: unit.id, quantity: 2 }] }),
        201,
      );
      const search = async (term: string) =>
        expectSuccess(
          await t.http.get(`${wm(companyId)}/stocks/positions?search=${encodeURIComponent(term)}`).set(owner.auth),
        );
      const found = await search('ТОКАРН');
      expect(found.positions.map((p: { id: string }) => p.id)).toEqual([batch.positions[0].id]);
      expect(found.pagination.total).toBe(1);
      expect((await search('фреза')).positions).toEqual([]);
    });
  });
});
