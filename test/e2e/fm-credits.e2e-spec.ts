/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { newCounterparty } from '../support/finance';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { fm, hrm } from '../support/urls';

/** Credits and their payments (CONTRACT 14). */
describe('Finance credits', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let owner: TestAccount;
  let companyId: string;
  let otherCompanyId: string;
  let bank: any;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    owner = await newAccount(t.http, 'fm-credits');
    companyId = (await newCompany(t.http, owner)).id;
    otherCompanyId = (await newCompany(t.http, owner)).id;
    bank = await newCounterparty(t.http, owner, companyId, { name: 'Сбербанк' });
  });
  afterAll(() => t.close());

  const credits = (id = companyId) => `${fm(id)}/credits`;
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Кредит на оборудование',
    type: 'debt',
    total_amount: 100,
    currency: 'RUB',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    counterparty_id: bank.id,
    ...extra,
  });
  const newCredit = async (extra: Record<string, unknown> = {}) =>
    expectSuccess(await t.http.post(credits()).set(owner.auth).send(body(extra)), 201);
  const pay = (creditId: string, extra: Record<string, unknown> = {}) =>
    t.http
      .post(`${credits()}/${creditId}/pay`)
      .set(owner.auth)
      .send({ amount: 10, paid_at: '2026-03-01T09:30:00.000Z', ...extra });
  const fields = (res: any) => expectError(res, 400, 'validation_failed').error.details.map((d: any) => d.field);

  it('creates a credit with its counterparty and nothing paid', async () => {
    const credit = await newCredit({ interest_rate: 12.5, comment: 'На 12 месяцев', metadata: { contract: 'A-1' } });
    expect(credit).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Кредит на оборудование',
      comment: 'На 12 месяцев',
      type: 'debt',
      status: 'active',
      total_amount: 100,
      currency: 'RUB',
      interest_rate: 12.5,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      metadata: { contract: 'A-1' },
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      // The counterparty whole, as its own routes show it (CONTRACT 17: the web client reads each field).
      counterparty: {
        id: bank.id,
        name: 'Сбербанк',
        type: 'bank',
        status: 'active',
        comment: bank.comment,
        metadata: bank.metadata,
        created_at: bank.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      },
      paid_amount: 0,
      remaining_amount: 100,
    });
    expect(expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(owner.auth))).toEqual(credit);
  });

  it("refuses bad bodies, another company's or an inactive counterparty (400 naming the field)", async () => {
    const foreign = await newCounterparty(t.http, owner, otherCompanyId);
    const inactive = await newCounterparty(t.http, owner, companyId, { status: 'inactive' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ end_date: '2025-12-31' }, 'end_date'],
      [{ start_date: '2026-02-30' }, 'start_date'],
      [{ start_date: '2026-01-01T00:00:00' }, 'start_date'],
      [{ total_amount: 100.001 }, 'total_amount'],
      [{ total_amount: 0 }, 'total_amount'],
      [{ currency: 'BTC', total_amount: 1.000000001 }, 'total_amount'],
      [{ currency: 'XXX' }, 'currency'],
      [{ type: 'loan' }, 'type'],
      [{ interest_rate: 100.01 }, 'interest_rate'],
      [{ interest_rate: 1.234 }, 'interest_rate'],
      [{ interest_rate: -1 }, 'interest_rate'],
      [{ counterparty_id: foreign.id }, 'counterparty_id'],
      [{ counterparty_id: inactive.id }, 'counterparty_id'],
      [{ counterparty_id: randomUUID() }, 'counterparty_id'],
      [{ status: 'closed' }, 'status'],
    ];
    for (const [extra, field] of cases) {
      expect([extra, fields(await t.http.post(credits()).set(owner.auth).send(body(extra)))]).toEqual([
        extra,
        expect.arrayContaining([field]),
      ]);
    }
    expect((await newCredit({ currency: 'BTC', total_amount: 1.00000001 })).total_amount).toBe(1.00000001);
  });

  it('lists newest first; filters by type and status; searches name, comment and counterparty name', async () => {
    const id = (await newCompany(t.http, owner)).id;
    const vtb = await newCounterparty(t.http, owner, id, { name: 'ВТБ' });
    const other = await newCounterparty(t.http, owner, id, { name: 'Иванов', type: 'person' });
    const post = async (extra: Record<string, unknown>) =>
      expectSuccess(await t.http.post(credits(id)).set(owner.auth).send(body(extra)), 201);
    const a = await post({ name: 'Ипотека', counterparty_id: vtb.id });
    const b = await post({
      name: 'Заём сотруднику',
      type: 'credit',
      counterparty_id: other.id,
      comment: 'Беспроцентный',
    });
    expectSuccess(await t.http.post(`${credits(id)}/${a.id}/deactivate`).set(owner.auth));
    const ids = async (query: string) =>
      expectPage(await t.http.get(`${credits(id)}${query}`).set(owner.auth), 'credits').items.map((c) => c.id);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('?type=credit')).toEqual([b.id]);
    expect(await ids('?status=closed')).toEqual([a.id]);
    expect(await ids('?search=втб')).toEqual([a.id]);
    expect(await ids('?search=беспроцент')).toEqual([b.id]);
    expect(await ids('?search=ИПОТЕКА')).toEqual([a.id]);
    expectError(await t.http.get(`${credits(id)}?type=loan`).set(owner.auth), 400, 'validation_failed');
    expectError(await t.http.get(`${credits(id)}?status=open`).set(owner.auth), 400, 'validation_failed');
  });

  it('pays a debt as an expense on dept, dated paid_at; a reversal restores the remaining amount', async () => {
    const credit = await newCredit();
    const payment = expectSuccess(await pay(credit.id, { amount: 40.5, comment: 'Первый платёж' }), 201);
    expect(payment).toMatchObject({
      base_amount: 40.5,
      currency: 'RUB',
      direction: 'expense',
      status: 'completed',
      comment: 'Первый платёж',
      created_at: '2026-03-01T09:30:00.000Z',
      credit_id: credit.id,
      category_name: 'Расход по займам',
      category: { slug: 'dept', system: true },
    });
    expect(expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(owner.auth))).toMatchObject({
      paid_amount: 40.5,
      remaining_amount: 59.5,
    });
    const reversal = expectSuccess(
      await t.http.post(`${fm(companyId)}/transactions/${payment.id}/reverse`).set(owner.auth),
      201,
    );
    expect(reversal).toMatchObject({ direction: 'income', credit_id: credit.id, reverse_to: payment.id });
    expect(expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(owner.auth))).toMatchObject({
      paid_amount: 0,
      remaining_amount: 100,
    });
    const { items } = expectPage(
      await t.http.get(`${credits()}/${credit.id}/transactions`).set(owner.auth),
      'transactions',
    );
    expect(items.map((x) => x.id)).toEqual([reversal.id, payment.id]);
    expect((await auditRecords(db, companyId, 'fm.credits.pay')).at(-1)).toMatchObject({ status: 'success' });
  });

  it('pays a credit as an income on the credit category, in the credit currency', async () => {
    const credit = await newCredit({ type: 'credit', currency: 'USDT', total_amount: 5 });
    const payment = expectSuccess(await pay(credit.id, { amount: 0.00000001 }), 201);
    expect(payment).toMatchObject({ direction: 'income', currency: 'USDT', base_amount: 0.00000001 });
    expect(payment.category).toMatchObject({ slug: 'credit' });
    expect(expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(owner.auth)).remaining_amount).toBe(
      4.99999999,
    );
  });

  it('refuses a payment: bad body (400), closed credit (409 conflict), more than remains (409 limit_exceeded)', async () => {
    const credit = await newCredit();
    const foreignEmployee = expectSuccess(
      await t.http
        .post(`${hrm(otherCompanyId)}/employees`)
        .set(owner.auth)
        .send({ first_name: 'Чужой' }),
      201,
    );
    expect(fields(await pay(credit.id, { amount: 1.001 }))).toEqual(['amount']);
    expect(fields(await pay(credit.id, { amount: -1 }))).toEqual(['amount']);
    expect(fields(await pay(credit.id, { paid_at: '2026-03-01' }))).toEqual(['paid_at']);
    expect(fields(await pay(credit.id, { paid_at: new Date(Date.now() + 3_600_000).toISOString() }))).toEqual([
      'paid_at',
    ]);
    expect(fields(await pay(credit.id, { employee_id: foreignEmployee.id }))).toEqual(['employee_id']);
    expect(fields(await pay(credit.id, { currency: 'USD' }))).toEqual(['currency']);
    expectError(await pay(credit.id, { amount: 100.01 }), 409, 'limit_exceeded');
    expectSuccess(await pay(credit.id, { amount: 100 }), 201);
    expectError(await pay(credit.id, { amount: 0.01 }), 409, 'limit_exceeded');

    const closed = await newCredit();
    expect(expectSuccess(await t.http.post(`${credits()}/${closed.id}/deactivate`).set(owner.auth)).status).toBe(
      'closed',
    );
    expectError(await pay(closed.id), 409, 'conflict');
    expect(expectSuccess(await t.http.post(`${credits()}/${closed.id}/activate`).set(owner.auth)).status).toBe(
      'active',
    );
    expectSuccess(await pay(closed.id), 201);
  });

  it('10 concurrent payments never pay more than the total', async () => {
    const credit = await newCredit({ total_amount: 100 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(credit.id, { amount: 30 })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, ...Array(7).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) expect(res.body.error.code).toBe('limit_exceeded');
    expect(expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(owner.auth))).toMatchObject({
      paid_amount: 90,
      remaining_amount: 10,
    });
  });

  it('changes a credit; total_amount below the paid amount is 409; dates stay ordered (400)', async () => {
    const credit = await newCredit();
    expectSuccess(await pay(credit.id, { amount: 60 }), 201);
    const path = `${credits()}/${credit.id}`;
    expectError(await t.http.patch(path).set(owner.auth).send({ total_amount: 59.99 }), 409, 'conflict');
    expect(expectSuccess(await t.http.patch(path).set(owner.auth).send({ total_amount: 60 }))).toMatchObject({
      total_amount: 60,
      remaining_amount: 0,
    });
    expect(fields(await t.http.patch(path).set(owner.auth).send({ end_date: '2025-06-01' }))).toEqual(['end_date']);
    expect(fields(await t.http.patch(path).set(owner.auth).send({ start_date: '2027-01-01' }))).toEqual(['end_date']);
    expect(fields(await t.http.patch(path).set(owner.auth).send({ currency: 'USD' }))).toEqual(['currency']);
    expect(fields(await t.http.patch(path).set(owner.auth).send({ total_amount: 70.001 }))).toEqual(['total_amount']);
    const vtb = await newCounterparty(t.http, owner, companyId, { name: 'ВТБ' });
    expect(
      expectSuccess(
        await t.http
          .patch(path)
          .set(owner.auth)
          .send({ name: 'Новый', interest_rate: null, counterparty_id: vtb.id, end_date: '2027-06-30' }),
      ),
    ).toMatchObject({ name: 'Новый', interest_rate: null, counterparty: { id: vtb.id }, end_date: '2027-06-30' });
    const foreign = await newCounterparty(t.http, owner, otherCompanyId);
    expect(fields(await t.http.patch(path).set(owner.auth).send({ counterparty_id: foreign.id }))).toEqual([
      'counterparty_id',
    ]);
  });

  it("another company's credit is 404 on every route", async () => {
    const foreignBank = await newCounterparty(t.http, owner, otherCompanyId);
    const foreign = expectSuccess(
      await t.http
        .post(credits(otherCompanyId))
        .set(owner.auth)
        .send(body({ counterparty_id: foreignBank.id })),
      201,
    );
    const path = `${credits()}/${foreign.id}`;
    expectError(await t.http.get(path).set(owner.auth), 404, 'not_found');
    expectError(await t.http.patch(path).set(owner.auth).send({ name: 'X' }), 404, 'not_found');
    expectError(await t.http.post(`${path}/activate`).set(owner.auth), 404, 'not_found');
    expectError(await t.http.post(`${path}/deactivate`).set(owner.auth), 404, 'not_found');
    expectError(await t.http.get(`${path}/transactions`).set(owner.auth), 404, 'not_found');
    expectError(await pay(foreign.id), 404, 'not_found');
  });

  it('guards pay with fm.credits.pay', async () => {
    const member = await newAccount(t.http, 'fm-credits-member');
    await addMember(db, companyId, member, ['fm.credits']);
    const credit = await newCredit();
    expectSuccess(await t.http.get(`${credits()}/${credit.id}`).set(member.auth));
    expectError(
      await t.http
        .post(`${credits()}/${credit.id}/pay`)
        .set(member.auth)
        .send({ amount: 1, paid_at: '2026-03-01T00:00:00Z' }),
      403,
      'forbidden',
    );
    expectError(await t.http.get(`${credits()}/${credit.id}/transactions`).set(member.auth), 403, 'forbidden');
  });
});
