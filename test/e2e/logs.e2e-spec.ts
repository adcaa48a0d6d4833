import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LogsPurger } from '../../src/modules/companies/modules/logs/logs-purger';
import {
  addMember,
  invite,
  joinByInvitation,
  newAccount,
  newAdmin,
  newApiKey,
  newCompany,
  TestAccount,
} from '../support/factories';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { createTestApp, TestApp } from '../support/test-app';
import { companyOf, logsOf } from '../support/urls';

const LOG_KEYS = [
  'account_id',
  'created_at',
  'criticality',
  'id',
  'ip',
  'key',
  'metadata',
  'request_id',
  'status',
  'user_agent',
];
const DAY_MS = 86_400_000;

describe('Logs', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

  async function list(owner: TestAccount, companyId: string, query: Record<string, string | number> = {}) {
    return expectPage(
      await t.http
        .get(logsOf(companyId))
        .query({ limit: 100, ...query })
        .set(owner.auth),
      'logs',
    );
  }

  /** Waits until the purger has deleted the hidden records and vacuumed (background work). */
  async function purgeDone(): Promise<void> {
    const purger = t.app.get(LogsPurger);
    for (let i = 0; i < 200 && !purger.idle; i++) await new Promise((done) => setTimeout(done, 25));
    expect(purger.idle).toBe(true);
  }

  const storedCount = async (companyId: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM audit_logs WHERE company_id = $1`, [companyId]))[0].n;

  describe('the list and its filters', () => {
    let owner: TestAccount;
    let other: TestAccount;
    let companyId: string;
    /** The seeded records, newest first, as the list must return them. */
    let seeded: Array<{ id: string; key: string; status: string; criticality: number; account_id: string; at: number }>;
    const now = Date.now();

    beforeAll(async () => {
      owner = await newAccount(t.http, 'logs-owner');
      other = await newAccount(t.http, 'logs-other');
      companyId = (await newCompany(t.http, owner)).id;
      // Records with chosen fields, one hour apart, dated back by SQL.
      const plan: Array<[string, string, number, TestAccount, Record<string, unknown>]> = [
        ['company.update', 'success', 8, owner, { changes: { name: 'Acme Widgets' } }],
        ['crm.clients.create', 'success', 8, other, { changes: { first_name: 'Zoë' } }],
        ['crm.clients.update', 'error', 7, other, { error: { code: 'forbidden' } }],
        ['accounts.delete', 'success', 10, owner, { ids: { accountId: 'x' } }],
        ['support.tickets.create', 'pending', 7, owner, { changes: { title: '100% sure_thing' } }],
        ['company.update', 'error', 8, other, { changes: { name: 'ACME Gadgets' } }],
      ];
      seeded = [];
      for (const [i, [key, status, criticality, account, metadata]] of plan.entries()) {
        const at = now - (plan.length - i) * 3_600_000;
        const [{ id }] = await db.query(
          `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, request_id, ip, user_agent, metadata, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, '10.0.0.1', 'jest', $7, $8) RETURNING id`,
          [
            companyId,
            key,
            status,
            criticality,
            account.id,
            `seed-${i}`,
            JSON.stringify({ method: 'POST', ...metadata }),
            new Date(at),
          ],
        );
        seeded.unshift({ id, key, status, criticality, account_id: account.id, at });
      }
    });

    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
    const expected = (keep: (record: (typeof seeded)[number]) => boolean) => seeded.filter(keep).map((r) => r.id);

    it('lists Log records newest first, with their metadata (CONTRACT 17), with the pagination of the whole list', async () => {
      const { items, pagination } = await list(owner, companyId);
      expect(ids(items)).toEqual(ids(seeded));
      expect(pagination).toEqual({ total: 6, page: 1, limit: 100, pages: 1, total_exact: true });
      for (const item of items) expect(Object.keys(item).sort()).toEqual(LOG_KEYS);
      expect(items[0]).toEqual({
        id: seeded[0].id,
        key: 'company.update',
        status: 'error',
        criticality: 8,
        account_id: other.id,
        request_id: 'seed-5',
        ip: '10.0.0.1',
        user_agent: 'jest',
        metadata: { method: 'POST', changes: { name: 'ACME Gadgets' } },
        created_at: new Date(seeded[0].at).toISOString(),
      });
      const second = await list(owner, companyId, { limit: 4, page: 2 });
      expect(ids(second.items)).toEqual(ids(seeded).slice(4));
      expect(second.pagination).toEqual({ total: 6, page: 2, limit: 4, pages: 2, total_exact: true });
    });

    it.each([
      ['account_id', () => ({ account_id: other.id }), (r: any) => r.account_id === other.id],
      ['key', () => ({ key: 'company.update' }), (r: any) => r.key === 'company.update'],
      ['status', () => ({ status: 'error' }), (r: any) => r.status === 'error'],
      ['min_criticality', () => ({ min_criticality: 8 }), (r: any) => r.criticality >= 8],
      ['max_criticality', () => ({ max_criticality: 7 }), (r: any) => r.criticality <= 7],
      [
        'start_date',
        () => ({ start_date: new Date(now - 3 * 3_600_000).toISOString() }),
        (r: any) => r.at >= now - 3 * 3_600_000,
      ],
      [
        'end_date',
        () => ({ end_date: new Date(now - 5 * 3_600_000).toISOString() }),
        (r: any) => r.at <= now - 5 * 3_600_000,
      ],
    ])('filters by %s alone', async (_name, query, keep) => {
      const { items, pagination } = await list(owner, companyId, query());
      expect(ids(items)).toEqual(expected(keep));
      expect(pagination.total).toBe(expected(keep).length);
      expect(items.length).toBeGreaterThan(0);
    });

    it('accepts a time with an offset: the same instant as in UTC', async () => {
      const at = new Date(now - 3 * 3_600_000);
      const shifted = new Date(at.getTime() + 3 * 3_600_000).toISOString().replace('Z', '+03:00');
      const { items } = await list(owner, companyId, { start_date: shifted });
      expect(ids(items)).toEqual(expected((r) => r.at >= at.getTime()));
    });

    it('searches text anywhere in metadata, case-insensitively, wildcards taken literally', async () => {
      expect(ids((await list(owner, companyId, { search: 'acme' })).items)).toEqual([seeded[0].id, seeded[5].id]);
      expect(ids((await list(owner, companyId, { search: 'zoË' })).items)).toEqual([seeded[4].id]);
      expect(ids((await list(owner, companyId, { search: 'FORBIDDEN' })).items)).toEqual([seeded[3].id]);
      expect(ids((await list(owner, companyId, { search: '100%' })).items)).toEqual([seeded[1].id]);
      expect(ids((await list(owner, companyId, { search: 'e_t' })).items)).toEqual([seeded[1].id]);
      expect((await list(owner, companyId, { search: '%' })).items.length).toBe(1);
      expect((await list(owner, companyId, { search: 'no such text' })).pagination.total).toBe(0);
      // Keys of the metadata object match too (it is searched as its JSON text).
      expect(ids((await list(owner, companyId, { search: 'accountId' })).items)).toEqual([seeded[2].id]);
      // A blank search is no search.
      expect((await list(owner, companyId, { search: '  ' })).pagination.total).toBe(6);
    });

    it('combines every filter', async () => {
      const query = {
        account_id: other.id,
        key: 'company.update',
        status: 'error',
        min_criticality: 8,
        max_criticality: 8,
        start_date: new Date(now - 2 * 3_600_000).toISOString(),
        end_date: new Date(now).toISOString(),
        search: 'gadgets',
      };
      expect(ids((await list(owner, companyId, query)).items)).toEqual([seeded[0].id]);
      expect((await list(owner, companyId, { ...query, status: 'success' })).pagination.total).toBe(0);
      const twoFilters = await list(owner, companyId, { key: 'company.update', account_id: owner.id });
      expect(ids(twoFilters.items)).toEqual([seeded[5].id]);
      const range = await list(owner, companyId, { min_criticality: 7, max_criticality: 7, status: 'pending' });
      expect(ids(range.items)).toEqual([seeded[1].id]);
    });

    it.each([
      [{ page: 0 }, 'page'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ account_id: 'not-a-uuid' }, 'account_id'],
      [{ key: 'no.such.code' }, 'key'],
      [{ status: 'done' }, 'status'],
      [{ min_criticality: 0 }, 'min_criticality'],
      [{ max_criticality: 11 }, 'max_criticality'],
      [{ min_criticality: 'high' }, 'min_criticality'],
      [{ max_criticality: 2.5 }, 'max_criticality'],
      [{ min_criticality: 9, max_criticality: 3 }, 'max_criticality'],
      [{ start_date: '2026-11-21' }, 'start_date'],
      [{ start_date: '2026-11-21T10:00:00' }, 'start_date'],
      [{ end_date: '2026-02-30T10:00:00Z' }, 'end_date'],
      [{ end_date: 'yesterday' }, 'end_date'],
      [{ start_date: '2026-11-21T10:00:00Z', end_date: '2026-11-21T09:59:59Z' }, 'end_date'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const body = expectError(
        await t.http.get(logsOf(companyId)).query(query).set(owner.auth),
        400,
        'validation_failed',
      );
      expect(body.error.details.length).toBeGreaterThan(0);
      for (const detail of body.error.details) expect(detail).toEqual({ field, message: expect.any(String) });
    });

    it('names every bad filter at once', async () => {
      const res = await t.http
        .get(logsOf(companyId))
        .query({ status: 'x', key: 'y', min_criticality: 11, end_date: 'z' })
        .set(owner.auth);
      const fields = expectError(res, 400, 'validation_failed').error.details.map((d: { field: string }) => d.field);
      expect(fields.sort()).toEqual(['end_date', 'key', 'min_criticality', 'status']);
    });

    it('shows one record with its metadata; another company’s record is 404', async () => {
      const detail = expectSuccess(await t.http.get(`${logsOf(companyId)}/${seeded[4].id}`).set(owner.auth));
      expect(Object.keys(detail).sort()).toEqual(LOG_KEYS);
      expect(detail).toMatchObject({
        id: seeded[4].id,
        key: 'crm.clients.create',
        created_at: expect.stringMatching(TIMESTAMP),
      });
      expect(detail.metadata).toEqual({ method: 'POST', changes: { first_name: 'Zoë' } });

      const stranger = await newAccount(t.http, 'logs-stranger');
      const strangerCompany = (await newCompany(t.http, stranger)).id;
      expectError(await t.http.get(`${logsOf(strangerCompany)}/${seeded[4].id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(`${logsOf(strangerCompany)}/${randomUUID()}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(`${logsOf(companyId)}/${seeded[4].id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(`${logsOf(companyId)}/nope`).set(owner.auth), 400, 'validation_failed');
      // Another company's records never appear in this company's list.
      expect((await list(stranger, strangerCompany)).pagination.total).toBe(0);
    });
  });

  describe('totals kept per day and filter', () => {
    let owner: TestAccount;
    let companyId: string;
    const KEYS = ['company.update', 'crm.clients.create', 'logs.clear'];
    const STATUSES = ['success', 'error', 'pending'];
    /** Day 0 is today (UTC midnight); records every 5 hours over the last 6 days. */
    const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const iso = (time: number) => new Date(time).toISOString();

    beforeAll(async () => {
      owner = await newAccount(t.http, 'logs-totals');
      companyId = (await newCompany(t.http, owner)).id;
      await db.query(
        `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, metadata, created_at)
         SELECT $1, ($2::text[])[1 + g % 3], ($3::text[])[1 + (g / 3) % 3], 1 + g % 10,
           CASE WHEN g % 4 = 0 THEN $4::uuid ELSE $5::uuid END, '{}', to_timestamp($6::bigint / 1000.0) - g * interval '5 hours'
         FROM generate_series(1, 28) g`,
        [companyId, KEYS, STATUSES, owner.id, randomUUID(), midnight + 12 * 3_600_000],
      );
    });

    const exact = async (where: string, params: unknown[]) =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM audit_logs a WHERE a.company_id = $1 AND a.created_at >= coalesce(
             (SELECT visible_from FROM audit_log_horizons WHERE company_id = $1), '-infinity') AND ${where}`,
          [companyId, ...params],
        )
      )[0].n;

    /** Every single filter and window shape: whole days, bounds inside a day, at midnight, one day only. */
    const cases = (): Array<[Record<string, string | number>, string, unknown[]]> => [
      [{}, 'TRUE', []],
      [{ key: 'crm.clients.create' }, `a.key = $2`, ['crm.clients.create']],
      [{ status: 'error' }, `a.status = $2`, ['error']],
      [{ account_id: owner.id }, `a.account_id = $2`, [owner.id]],
      [{ min_criticality: 3, max_criticality: 7 }, `a.criticality BETWEEN 3 AND 7`, []],
      [{ max_criticality: 2 }, `a.criticality <= 2`, []],
      [{ start_date: iso(midnight - 2 * DAY_MS) }, `a.created_at >= $2`, [iso(midnight - 2 * DAY_MS)]],
      [{ end_date: iso(midnight - DAY_MS - 1) }, `a.created_at <= $2`, [iso(midnight - DAY_MS - 1)]],
      [
        {
          start_date: iso(midnight - 4 * DAY_MS + 7_000_000),
          end_date: iso(midnight - DAY_MS + 3_000_000),
          status: 'success',
        },
        `a.created_at BETWEEN $2 AND $3 AND a.status = 'success'`,
        [iso(midnight - 4 * DAY_MS + 7_000_000), iso(midnight - DAY_MS + 3_000_000)],
      ],
      [
        { start_date: iso(midnight - 3 * DAY_MS + 1_000), end_date: iso(midnight - 3 * DAY_MS + 80_000_000) },
        `a.created_at BETWEEN $2 AND $3`,
        [iso(midnight - 3 * DAY_MS + 1_000), iso(midnight - 3 * DAY_MS + 80_000_000)],
      ],
      [{ key: 'company.update', status: 'success' }, `a.key = 'company.update' AND a.status = 'success'`, []],
    ];

    async function expectExactTotals(): Promise<void> {
      for (const [query, where, params] of cases()) {
        const { pagination } = await list(owner, companyId, query);
        expect({ query, total: pagination.total }).toEqual({ query, total: await exact(where, params) });
      }
    }

    it('the counts equal the stored records per UTC day and filter, and every list total is exact', async () => {
      const counts = await db.query(
        `SELECT day::text AS day, sum(total)::int AS total FROM audit_log_counts WHERE company_id = $1 AND filter = '' GROUP BY day ORDER BY day`,
        [companyId],
      );
      const stored = await db.query(
        `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS total FROM audit_logs WHERE company_id = $1 GROUP BY 1 ORDER BY 1`,
        [companyId],
      );
      expect(counts).toEqual(stored);
      expect(counts.length).toBeGreaterThanOrEqual(6);
      await expectExactTotals();
    });

    /** Activity over the last 35 days against the visible records counted per day. */
    async function expectExactActivity(): Promise<void> {
      const start = iso(midnight - 35 * DAY_MS + 3_600_000);
      const points = expectSuccess(
        await t.http
          .get(`${logsOf(companyId)}/activity`)
          .query({ start_date: start })
          .set(owner.auth),
      );
      const stored = await db.query(
        `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS date, count(*)::int AS count FROM audit_logs a
         WHERE company_id = $1 AND created_at >= greatest($2::timestamptz, coalesce(
           (SELECT visible_from FROM audit_log_horizons WHERE company_id = $1), '-infinity'))
         GROUP BY 1 ORDER BY 1`,
        [companyId, start],
      );
      expect(points.filter((point: { count: number }) => point.count > 0)).toEqual(stored);
      expect(stored.length).toBeGreaterThan(2);
    }

    it('stay exact after an optimize hides part of a day and after the purge drops the hidden days', async () => {
      await db.query(`UPDATE audit_logs SET created_at = created_at - interval '27 days' WHERE company_id = $1`, [
        companyId,
      ]);
      expectSuccess(await t.http.post(`${logsOf(companyId)}/optimize`).set(owner.auth));
      await expectExactTotals();
      await expectExactActivity();
      await purgeDone();
      await expectExactTotals();
      await expectExactActivity();
      const [{ oldest }] = await db.query(
        `SELECT min(day) < (SELECT (visible_from AT TIME ZONE 'UTC')::date FROM audit_log_horizons WHERE company_id = $1) AS oldest
         FROM audit_log_counts WHERE company_id = $1`,
        [companyId],
      );
      expect(oldest).toBe(false);
    });
  });

  describe('activity', () => {
    it('counts records per UTC day, the last 30 days by default, today included, ascending', async () => {
      const owner = await newAccount(t.http, 'activity');
      const companyId = (await newCompany(t.http, owner)).id;
      for (const name of ['One', 'Two']) {
        expectSuccess(await t.http.patch(`/api/v1/companies/${companyId}`).set(owner.auth).send({ name }));
      }
      const back = async (days: number) =>
        db.query(
          `INSERT INTO audit_logs (company_id, key, status, criticality, account_id, created_at)
           VALUES ($1, 'company.update', 'success', 8, $2, now() - make_interval(days => $3))`,
          [companyId, owner.id, days],
        );
      await back(3);
      await back(3);
      await back(29);
      await back(30);

      const points = expectSuccess(await t.http.get(`${logsOf(companyId)}/activity`).set(owner.auth));
      const today = Date.now();
      expect(points).toHaveLength(30);
      expect(points.map((p: { date: string }) => p.date)).toEqual(
        Array.from({ length: 30 }, (_, i) => utcDay(today - (29 - i) * DAY_MS)),
      );
      const counts = Object.fromEntries(points.map((p: { date: string; count: number }) => [p.date, p.count]));
      expect(counts[utcDay(today)]).toBe(2);
      expect(counts[utcDay(today - 3 * DAY_MS)]).toBe(2);
      expect(counts[utcDay(today - 29 * DAY_MS)]).toBe(1);
      expect(points.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(5);
      for (const point of points) expect(Object.keys(point).sort()).toEqual(['count', 'date']);

      // A chosen window: its days only, the 30-day-old record included.
      const window = expectSuccess(
        await t.http
          .get(`${logsOf(companyId)}/activity`)
          .query({
            start_date: `${utcDay(today - 30 * DAY_MS)}T00:00:00Z`,
            end_date: `${utcDay(today - 3 * DAY_MS)}T23:59:59.999Z`,
          })
          .set(owner.auth),
      );
      expect(window).toHaveLength(28);
      expect(window[0]).toEqual({ date: utcDay(today - 30 * DAY_MS), count: 1 });
      expect(window[27]).toEqual({ date: utcDay(today - 3 * DAY_MS), count: 2 });
    });

    it.each([
      [{ start_date: 'last week' }, 'start_date'],
      [{ end_date: '2026-11-21' }, 'end_date'],
      [{ start_date: '2026-11-21T00:00:00Z', end_date: '2026-11-20T00:00:00Z' }, 'end_date'],
      [{ start_date: '2020-01-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' }, 'start_date'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const owner = await newAccount(t.http, 'activity-400');
      const companyId = (await newCompany(t.http, owner)).id;
      const res = await t.http
        .get(`${logsOf(companyId)}/activity`)
        .query(query)
        .set(owner.auth);
      expect(expectError(res, 400, 'validation_failed').error.details).toEqual([expect.objectContaining({ field })]);
    });
  });

  describe('clear and optimize', () => {
    async function companyWithHistory() {
      const owner = await newAccount(t.http, 'maintain');
      const companyId = (await newCompany(t.http, owner)).id;
      for (const name of ['One', 'Two', 'Three']) {
        expectSuccess(await t.http.patch(`/api/v1/companies/${companyId}`).set(owner.auth).send({ name }));
      }
      return { owner, companyId };
    }

    it('clear leaves exactly its own record, and the purge deletes the rest from the table', async () => {
      const { owner, companyId } = await companyWithHistory();
      const before = (await list(owner, companyId)).items;
      expect(before).toHaveLength(3);
      // Another company's records stay untouched.
      const neighbour = await companyWithHistory();

      const res = await t.http
        .post(`${logsOf(companyId)}/clear`)
        .set(owner.auth)
        .set('X-Request-Id', 'clear-1');
      expect(expectSuccess(res)).toEqual({});

      const { items, pagination } = await list(owner, companyId);
      expect(pagination.total).toBe(1);
      expect(items[0]).toMatchObject({
        key: 'logs.clear',
        status: 'success',
        criticality: 10,
        account_id: owner.id,
        request_id: 'clear-1',
      });
      expectError(await t.http.get(`${logsOf(companyId)}/${before[0].id}`).set(owner.auth), 404, 'not_found');
      const activity = expectSuccess(await t.http.get(`${logsOf(companyId)}/activity`).set(owner.auth));
      expect(activity.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(1);

      await purgeDone();
      expect(await storedCount(companyId)).toBe(1);
      expect(await storedCount(neighbour.companyId)).toBe(3);
      expect((await list(neighbour.owner, neighbour.companyId)).pagination.total).toBe(3);

      // Records written after the clear are listed as usual.
      expectSuccess(await t.http.patch(`/api/v1/companies/${companyId}`).set(owner.auth).send({ name: 'After' }));
      expect((await list(owner, companyId)).items.map((i: { key: string }) => i.key)).toEqual([
        'company.update',
        'logs.clear',
      ]);
    });

    it('optimize removes the records older than 30 days, keeps the recent ones, and records itself', async () => {
      const { owner, companyId } = await companyWithHistory();
      const records = (await list(owner, companyId)).items;
      // Date two records back by SQL: one just past the threshold, one just inside it.
      await db.query(`UPDATE audit_logs SET created_at = now() - interval '30 days 1 minute' WHERE id = $1`, [
        records[2].id,
      ]);
      await db.query(`UPDATE audit_logs SET created_at = now() - interval '29 days 23 hours' WHERE id = $1`, [
        records[1].id,
      ]);

      expect(expectSuccess(await t.http.post(`${logsOf(companyId)}/optimize`).set(owner.auth))).toEqual({});

      const { items } = await list(owner, companyId);
      expect(items.map((i: { id: string }) => i.id)).toEqual([expect.any(String), records[0].id, records[1].id]);
      expect(items[0]).toMatchObject({
        key: 'logs.optimize',
        criticality: 10,
        status: 'success',
        account_id: owner.id,
      });
      expectError(await t.http.get(`${logsOf(companyId)}/${records[2].id}`).set(owner.auth), 404, 'not_found');

      await purgeDone();
      expect(await storedCount(companyId)).toBe(3);
      // A second optimize changes nothing but adds its record.
      expectSuccess(await t.http.post(`${logsOf(companyId)}/optimize`).set(owner.auth));
      expect((await list(owner, companyId)).pagination.total).toBe(4);
    });

    it('optimize never brings back what a clear hid', async () => {
      const { owner, companyId } = await companyWithHistory();
      expectSuccess(await t.http.post(`${logsOf(companyId)}/clear`).set(owner.auth));
      expectSuccess(await t.http.post(`${logsOf(companyId)}/optimize`).set(owner.auth));
      expect((await list(owner, companyId)).items.map((i: { key: string }) => i.key)).toEqual([
        'logs.optimize',
        'logs.clear',
      ]);
      await purgeDone();
    });

    it('a refused clear changes nothing and is recorded with status error', async () => {
      const { owner, companyId } = await companyWithHistory();
      const reader = await newAccount(t.http, 'reader');
      await addMember(db, companyId, reader, ['logs']);
      const before = (await list(owner, companyId)).pagination.total;
      expectError(await t.http.post(`${logsOf(companyId)}/clear`).set(reader.auth), 403, 'forbidden');
      const { items, pagination } = await list(owner, companyId);
      expect(pagination.total).toBe(before + 1);
      expect(items[0]).toMatchObject({ key: 'logs.clear', status: 'error', account_id: reader.id, criticality: 10 });
      // A member holding `logs` reads the list.
      expect((await list(reader, companyId)).pagination.total).toBe(before + 1);
    });
  });

  describe('records written by other modules', () => {
    /** CONTRACT 6: criticality of each code exercised below. */
    const CRITICALITY: Record<string, number> = {
      'company.update': 8,
      'pricing.migrate': 10,
      'accounts.delete': 10,
      'accounts.invitations.create': 8,
      'accounts.invitations.revoke': 8,
      'crm.sources.create': 8,
      'crm.sources.update': 7,
      'crm.clients.create': 8,
      'crm.clients.update': 7,
      'logs.optimize': 10,
      'logs.clear': 10,
    };

    it('carry the operation’s permission code as key and its catalog criticality', async () => {
      const owner = await newAccount(t.http, 'modules');
      const companyId = (await newCompany(t.http, owner)).id;
      const company = companyOf(companyId);
      const crm = `${company}/modules/crm`;
      let invitationId = '';
      const steps: Array<[string, () => Promise<unknown>]> = [
        [
          'company.update',
          async () => expectSuccess(await t.http.patch(company).set(owner.auth).send({ name: 'Renamed' })),
        ],
        [
          'pricing.migrate',
          async () => {
            const admin = await newAdmin(t.http, db);
            expectSuccess(
              await t.http.put(`${company}/plan`).set(admin.auth).send({ code: 'enterprise', period: 'month' }),
            );
          },
        ],
        [
          'accounts.invitations.create',
          async () =>
            (invitationId = (await invite(t.http, owner, companyId, `invitee-${randomUUID()}@example.test`)).id),
        ],
        [
          'accounts.invitations.revoke',
          async () =>
            expectSuccess(await t.http.delete(`${company}/accounts/invitations/${invitationId}`).set(owner.auth)),
        ],
        [
          'accounts.delete',
          async () => {
            const member = await newAccount(t.http, 'removed');
            await joinByInvitation(t.http, owner, companyId, member);
            expectSuccess(await t.http.delete(`${company}/modules/accounts/${member.id}`).set(owner.auth));
          },
        ],
        [
          'crm.sources.create',
          async () =>
            expectSuccess(
              await t.http.post(`${crm}/sources`).set(owner.auth).send({ name: 'Site', type: 'website' }),
              201,
            ),
        ],
        [
          'crm.sources.update',
          async () => {
            const source = (await list(owner, companyId, { key: 'crm.sources.create' })).items[0];
            const id = expectSuccess(await t.http.get(`${logsOf(companyId)}/${source.id}`).set(owner.auth)).metadata
              .result_id;
            expectSuccess(await t.http.patch(`${crm}/sources/${id}`).set(owner.auth).send({ name: 'Site 2' }));
          },
        ],
        [
          'crm.clients.create',
          async () => {
            const sources = expectSuccess(await t.http.get(`${crm}/sources`).set(owner.auth)).sources;
            const body = { first_name: 'Client', type: 'individual', source_id: sources[0].id };
            expectSuccess(await t.http.post(`${crm}/clients`).set(owner.auth).send(body), 201);
          },
        ],
        [
          'crm.clients.update',
          async () => {
            const client = expectSuccess(await t.http.get(`${crm}/clients`).set(owner.auth)).clients[0];
            expectSuccess(await t.http.post(`${crm}/clients/${client.id}/deactivate`).set(owner.auth));
          },
        ],
        [
          'logs.optimize',
          async () => expectSuccess(await t.http.post(`${logsOf(companyId)}/optimize`).set(owner.auth)),
        ],
      ];
      for (const [key, step] of steps) {
        await step();
        const newest = (await list(owner, companyId, { limit: 1 })).items[0];
        expect({ key: newest.key, criticality: newest.criticality, status: newest.status }).toEqual({
          key,
          criticality: CRITICALITY[key],
          status: 'success',
        });
      }
      // Reads write no record: only the changes above are in the log (removing a member first
      // invites them).
      const before: Record<string, string[]> = { 'accounts.delete': ['accounts.invitations.create'] };
      const keys = (await list(owner, companyId)).items.map((i: { key: string }) => i.key);
      expect(keys).toEqual(steps.flatMap(([key]) => [...(before[key] ?? []), key]).reverse());
      await purgeDone();
    });

    it('log a request made with an API key for the key’s account, never with the key', async () => {
      const owner = await newAccount(t.http, 'key-owner');
      const companyId = (await newCompany(t.http, owner)).id;
      const key = await newApiKey(t.http, owner);
      expectSuccess(
        await t.http
          .patch(`/api/v1/companies/${companyId}`)
          .set('X-API-Key', key.raw_key)
          .set('User-Agent', 'key-client/1.0')
          .send({ name: 'By key' }),
      );
      expectSuccess(
        await t.http
          .patch(`/api/v1/companies/${companyId}`)
          .set('Authorization', `Bearer ${key.raw_key}`)
          .send({ description: 'Bearer key' }),
      );
      const { items } = await list(owner, companyId);
      expect(items).toHaveLength(2);
      for (const item of items)
        expect(item).toMatchObject({ key: 'company.update', account_id: owner.id, request_id: expect.any(String) });
      expect(items[1].user_agent).toBe('key-client/1.0');
      const detail = expectSuccess(await t.http.get(`${logsOf(companyId)}/${items[1].id}`).set(owner.auth));
      expect(detail.metadata).toMatchObject({ method: 'PATCH', changes: { name: 'By key' } });
      const stored = await db.query(`SELECT row_to_json(a)::text AS json FROM audit_logs a WHERE company_id = $1`, [
        companyId,
      ]);
      for (const { json } of stored) {
        expect(json).not.toContain(key.raw_key);
        expect(json).not.toContain(key.raw_key.slice(key.key_prefix.length));
      }
      expect(detail.id).toMatch(UUID);
    });
  });
});
