import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WarehouseReferences } from '../../src/modules/companies/modules/wm/warehouse-references';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { newCategory, newUnit } from '../support/warehouse';
import { wm } from '../support/urls';

describe('Warehouse stock', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  async function ownedCompany() {
    const owner = await newAccount(t.http, 'wm-stock');
    const company = await newCompany(t.http, owner);
    return { owner, company, base: wm(company.id) };
  }

  /** The fields a 400 answer names, each once, sorted. */
  function fieldsOf(res: any): string[] {
    const details: Array<{ field: string }> = expectError(res, 400, 'validation_failed').error.details;
    return [...new Set(details.map((detail) => detail.field))].sort();
  }

  const batch = (owner: TestAccount, base: string, direction: string, positions: object[], extra: object = {}) =>
    t.http
      .post(`${base}/stocks/batches`)
      .set(owner.auth)
      .send({ direction, positions, ...extra });
  const income = async (owner: TestAccount, base: string, positions: object[], extra: object = {}) =>
    expectSuccess(await batch(owner, base, 'income', positions, extra), 201);
  const outcome = async (owner: TestAccount, base: string, positions: object[]) =>
    expectSuccess(await batch(owner, base, 'outcome', positions), 201);

  /** remaining of each position, in the order given. */
  async function remainingOf(owner: TestAccount, base: string, positionIds: string[]): Promise<number[]> {
    const result: number[] = [];
    for (const id of positionIds) {
      result.push(expectSuccess(await t.http.get(`${base}/stocks/positions/${id}`).set(owner.auth)).remaining);
    }
    return result;
  }

  async function balanceOf(owner: TestAccount, base: string, unitId: string) {
    const { items } = expectPage(
      await t.http.get(`${base}/stocks/balance?unit_id=${unitId}`).set(owner.auth),
      'balance',
    );
    return items[0];
  }

  describe('income', () => {
    it('a batch line makes one position at the given or the purchase price; the batch shows them with their unit', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id, { purchase_price: 12.5 });
      const created = await income(
        owner,
        base,
        [
          { unit_id: unit.id, quantity: 2.5 },
          { unit_id: unit.id, quantity: 0.001, price: 7.25 },
        ],
        { comment: 'From supplier', metadata: { invoice: 'A-1' } },
      );
      expect(created).toEqual({
        id: expect.stringMatching(UUID),
        direction: 'income',
        comment: 'From supplier',
        metadata: { invoice: 'A-1' },
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
        positions: expect.any(Array),
      });
      const positions = [...created.positions].sort((a, b) => a.quantity - b.quantity);
      expect(positions).toEqual([
        {
          id: expect.stringMatching(UUID),
          type: 'batch',
          unit_id: unit.id,
          batch_id: created.id,
          quantity: 0.001,
          remaining: 0.001,
          unit_price: 7.25,
          created_at: expect.stringMatching(TIMESTAMP),
          unit,
        },
        expect.objectContaining({ quantity: 2.5, remaining: 2.5, unit_price: 12.5 }),
      ]);
      expect(expectSuccess(await t.http.get(`${base}/stocks/batches/${created.id}`).set(owner.auth))).toEqual(created);
      expect(expectSuccess(await t.http.get(`${base}/stocks/positions/${positions[0].id}`).set(owner.auth))).toEqual(
        positions[0],
      );
      expect(await balanceOf(owner, base, unit.id)).toEqual({
        unit_id: unit.id,
        unit_name: unit.name,
        unit: 'pcs',
        quantity: 2.501,
        reserved: 0,
        available: 2.501,
      });
      const records = await auditRecords(db, company.id, 'wm.stocks.batches.create');
      expect(records.map((record) => record.status)).toEqual(['success']);
    });

    it('a serial line of n makes n positions of quantity 1', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id, { tracking_detail: 'serial', tracked_type: null });
      const created = await income(owner, base, [{ unit_id: unit.id, quantity: 3 }]);
      expect(created.positions).toHaveLength(3);
      for (const position of created.positions) {
        expect(position).toMatchObject({ type: 'serial', quantity: 1, remaining: 1, unit_price: 100 });
      }
      expect((await balanceOf(owner, base, unit.id)).quantity).toBe(3);
      expect(fieldsOf(await batch(owner, base, 'income', [{ unit_id: unit.id, quantity: 1.5 }]))).toEqual([
        'positions.0.quantity',
      ]);
      expect(fieldsOf(await batch(owner, base, 'income', [{ unit_id: unit.id, quantity: 10_001 }]))).toEqual([
        'positions',
      ]);
    });
  });

  describe('outcome', () => {
    /** A batch-tracked unit with three incomes of 5, 3 and 4 at prices 1, 2 and 3, in that order. */
    async function stocked(trackedType: 'fifo' | 'lifo') {
      const ctx = await ownedCompany();
      const unit = await newUnit(t.http, ctx.owner, ctx.company.id, { tracked_type: trackedType });
      const ids: string[] = [];
      for (const [quantity, price] of [
        [5, 1],
        [3, 2],
        [4, 3],
      ]) {
        ids.push((await income(ctx.owner, ctx.base, [{ unit_id: unit.id, quantity, price }])).positions[0].id);
      }
      return { ...ctx, unit, ids };
    }

    it('FIFO consumes the oldest positions first, across several incomes, exactly', async () => {
      const { owner, base, unit, ids } = await stocked('fifo');
      const first = await outcome(owner, base, [{ unit_id: unit.id, quantity: 6.5 }]);
      expect(first.positions).toEqual([
        { position_id: ids[0], unit_id: unit.id, quantity: 5, unit_price: 1 },
        { position_id: ids[1], unit_id: unit.id, quantity: 1.5, unit_price: 2 },
      ]);
      expect(await remainingOf(owner, base, ids)).toEqual([0, 1.5, 4]);
      await outcome(owner, base, [{ unit_id: unit.id, quantity: 2 }]);
      expect(await remainingOf(owner, base, ids)).toEqual([0, 0, 3.5]);
      expect((await balanceOf(owner, base, unit.id)).quantity).toBe(3.5);
    });

    it('LIFO consumes the newest positions first, across several incomes, exactly', async () => {
      const { owner, base, unit, ids } = await stocked('lifo');
      const first = await outcome(owner, base, [{ unit_id: unit.id, quantity: 6.25 }]);
      expect(first.positions).toEqual([
        { position_id: ids[2], unit_id: unit.id, quantity: 4, unit_price: 3 },
        { position_id: ids[1], unit_id: unit.id, quantity: 2.25, unit_price: 2 },
      ]);
      expect(await remainingOf(owner, base, ids)).toEqual([5, 0.75, 0]);
      await outcome(owner, base, [{ unit_id: unit.id, quantity: 1 }]);
      expect(await remainingOf(owner, base, ids)).toEqual([4.75, 0, 0]);
    });

    it('takes a price on an outcome line and ignores it: the line costs what it consumes (CONTRACT 17)', async () => {
      const { owner, base, unit, ids } = await stocked('fifo');
      // The web client's movement page sends the line's price on an outcome too.
      const shipped = await outcome(owner, base, [{ unit_id: unit.id, quantity: 6, price: 250 }]);
      expect(shipped.positions).toEqual([
        { position_id: ids[0], unit_id: unit.id, quantity: 5, unit_price: 1 },
        { position_id: ids[1], unit_id: unit.id, quantity: 1, unit_price: 2 },
      ]);
      expect(await remainingOf(owner, base, ids)).toEqual([0, 2, 4]);
    });

    it('an outcome over the stock is 409 limit_exceeded and refused whole, its other lines included', async () => {
      const { owner, company, base, unit, ids } = await stocked('fifo');
      const other = await newUnit(t.http, owner, company.id);
      await income(owner, base, [{ unit_id: other.id, quantity: 10 }]);
      const res = await batch(owner, base, 'outcome', [
        { unit_id: other.id, quantity: 4 },
        { unit_id: unit.id, quantity: 12.001 },
      ]);
      expect(expectError(res, 409, 'limit_exceeded').error.details).toEqual([
        { field: 'positions.1.quantity', message: 'exceeds the available 12.000' },
      ]);
      expect(await remainingOf(owner, base, ids)).toEqual([5, 3, 4]);
      expect((await balanceOf(owner, base, other.id)).quantity).toBe(10);
      // Two lines of one unit together over the stock: refused as well.
      expectError(
        await batch(owner, base, 'outcome', [
          { unit_id: unit.id, quantity: 7 },
          { unit_id: unit.id, quantity: 6 },
        ]),
        409,
        'limit_exceeded',
      );
      const outcomes = expectPage(
        await t.http.get(`${base}/stocks/batches?direction=outcome`).set(owner.auth),
        'batches',
      );
      expect(outcomes.pagination.total).toBe(0);
      const records = await auditRecords(db, company.id, 'wm.stocks.batches.create');
      expect(records.filter((record) => record.status === 'error')).toHaveLength(2);
      // The whole stock may go, to exactly zero.
      await outcome(owner, base, [{ unit_id: unit.id, quantity: 12 }]);
      expect((await balanceOf(owner, base, unit.id)).quantity).toBe(0);
    });

    it('a serial piece ships once only: the outcome names it, a second time is 409', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id, { tracking_detail: 'serial', tracked_type: null });
      const other = await newUnit(t.http, owner, company.id, { tracking_detail: 'serial', tracked_type: null });
      const [piece, spare] = (await income(owner, base, [{ unit_id: unit.id, quantity: 2 }])).positions;
      const [foreignPiece] = (await income(owner, base, [{ unit_id: other.id, quantity: 1 }])).positions;
      const shipped = await outcome(owner, base, [{ unit_id: unit.id, quantity: 1, position_id: piece.id }]);
      expect(shipped.positions).toEqual([{ position_id: piece.id, unit_id: unit.id, quantity: 1, unit_price: 100 }]);
      expectError(
        await batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 1, position_id: piece.id }]),
        409,
        'limit_exceeded',
      );
      expectError(
        await batch(owner, base, 'outcome', [
          { unit_id: unit.id, quantity: 1, position_id: spare.id },
          { unit_id: unit.id, quantity: 1, position_id: spare.id },
        ]),
        409,
        'limit_exceeded',
      );
      expect(await remainingOf(owner, base, [piece.id, spare.id])).toEqual([0, 1]);
      // Concurrent outcomes of one piece: exactly one ships it.
      const racing = await Promise.all(
        Array.from({ length: 5 }, () =>
          batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 1, position_id: spare.id }]),
        ),
      );
      expect(racing.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(fieldsOf(await batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 1 }]))).toEqual([
        'positions.0.position_id',
      ]);
      expect(
        fieldsOf(
          await batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 1, position_id: foreignPiece.id }]),
        ),
      ).toEqual(['positions.0.position_id']);
      expect(
        fieldsOf(await batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 2, position_id: spare.id }])),
      ).toEqual(['positions.0.quantity']);
    });

    it('20 concurrent outcome batches on one unit never take it below zero', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id);
      await income(owner, base, [{ unit_id: unit.id, quantity: 7 }]);
      await income(owner, base, [{ unit_id: unit.id, quantity: 3.5 }]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => batch(owner, base, 'outcome', [{ unit_id: unit.id, quantity: 1.5 }])),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(7);
      expect(statuses.filter((status) => status === 409)).toHaveLength(13);
      expect((await balanceOf(owner, base, unit.id)).quantity).toBe(0);
      const [{ min }] = await db.query(`SELECT min(remaining)::float AS min FROM stock_positions WHERE unit_id = $1`, [
        unit.id,
      ]);
      expect(min).toBe(0);
    });

    it('concurrent batches over several units in opposite orders neither deadlock nor overdraw', async () => {
      const { owner, company, base } = await ownedCompany();
      const a = await newUnit(t.http, owner, company.id);
      const b = await newUnit(t.http, owner, company.id);
      await income(owner, base, [
        { unit_id: a.id, quantity: 10 },
        { unit_id: b.id, quantity: 10 },
      ]);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          batch(
            owner,
            base,
            'outcome',
            i % 2
              ? [
                  { unit_id: a.id, quantity: 1 },
                  { unit_id: b.id, quantity: 1 },
                ]
              : [
                  { unit_id: b.id, quantity: 1 },
                  { unit_id: a.id, quantity: 1 },
                ],
          ),
        ),
      );
      expect(results.map((res) => res.status).filter((status) => status === 201)).toHaveLength(10);
      expect((await balanceOf(owner, base, a.id)).quantity).toBe(0);
      expect((await balanceOf(owner, base, b.id)).quantity).toBe(0);
    });
  });

  describe('lines are checked before anything is taken (400)', () => {
    it('names the field of each broken rule', async () => {
      const { owner, company, base } = await ownedCompany();
      const stranger = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id);
      const untracked = await newUnit(t.http, owner, company.id, {
        inventory_type: 'untracked',
        tracking_detail: null,
        tracked_type: null,
        purchase_price: null,
      });
      const service = await newUnit(t.http, owner, company.id, {
        type: 'service',
        inventory_type: 'untracked',
        tracking_detail: null,
        tracked_type: null,
        purchase_price: null,
      });
      const inactive = await newUnit(t.http, owner, company.id);
      expectSuccess(await t.http.post(`${base}/catalog/units/${inactive.id}/deactivate`).set(owner.auth));
      const foreign = await newUnit(t.http, stranger.owner, stranger.company.id);
      for (const unitId of [untracked.id, service.id, inactive.id, foreign.id, randomUUID()]) {
        expect(
          fieldsOf(
            await batch(owner, base, 'income', [
              { unit_id: unit.id, quantity: 1 },
              { unit_id: unitId, quantity: 1 },
            ]),
          ),
        ).toEqual(['positions.1.unit_id']);
      }
      const cases: Array<[string, object[], string[]]> = [
        ['income', [{ unit_id: unit.id, quantity: 0 }], ['positions.0.quantity']],
        ['income', [{ unit_id: unit.id, quantity: 1.0001 }], ['positions.0.quantity']],
        ['income', [{ unit_id: unit.id, quantity: -1 }], ['positions.0.quantity']],
        ['income', [{ unit_id: unit.id, quantity: 1, price: 1.001 }], ['positions.0.price']],
        ['income', [{ unit_id: unit.id, quantity: 1, price: -1 }], ['positions.0.price']],
        ['income', [{ unit_id: unit.id, quantity: 1, position_id: randomUUID() }], ['positions.0.position_id']],
        ['outcome', [{ unit_id: unit.id, quantity: 1, position_id: randomUUID() }], ['positions.0.position_id']],
        ['outcome', [{ unit_id: unit.id, quantity: 1, price: -1 }], ['positions.0.price']],
        ['income', [{ unit_id: 'nope', quantity: 1 }], ['positions.0.unit_id']],
        ['income', [{ unit_id: unit.id, quantity: 1, extra: true }], ['positions.0.extra']],
        ['income', [], ['positions']],
        ['sideways', [{ unit_id: unit.id, quantity: 1 }], ['direction']],
      ];
      for (const [direction, positions, fields] of cases) {
        expect([direction, positions, fieldsOf(await batch(owner, base, direction, positions))]).toEqual([
          direction,
          positions,
          fields,
        ]);
      }
      const tooMany = Array.from({ length: 1001 }, () => ({ unit_id: unit.id, quantity: 1 }));
      expect(fieldsOf(await batch(owner, base, 'income', tooMany))).toEqual(['positions']);
      // Nothing was written by any refused batch.
      expect(expectPage(await t.http.get(`${base}/stocks/batches`).set(owner.auth), 'batches').pagination.total).toBe(
        0,
      );
    });
  });

  describe('lists', () => {
    it('batches newest first, by direction, unit and comment; positions by type, unit, batch and in_stock', async () => {
      const { owner, company, base } = await ownedCompany();
      const a = await newUnit(t.http, owner, company.id, { name: 'Alpha' });
      const b = await newUnit(t.http, owner, company.id, {
        name: 'Beta',
        tracking_detail: 'serial',
        tracked_type: null,
      });
      const first = await income(owner, base, [{ unit_id: a.id, quantity: 2 }], { comment: 'Spring delivery' });
      const second = await income(owner, base, [{ unit_id: b.id, quantity: 2 }]);
      const out = await outcome(owner, base, [{ unit_id: a.id, quantity: 2 }]);

      const batchIds = async (query = '') =>
        expectPage(await t.http.get(`${base}/stocks/batches${query}`).set(owner.auth), 'batches').items.map(
          (x) => x.id,
        );
      expect(await batchIds()).toEqual([out.id, second.id, first.id]);
      expect(await batchIds('?direction=income')).toEqual([second.id, first.id]);
      expect(await batchIds(`?unit_id=${a.id}`)).toEqual([out.id, first.id]);
      expect(await batchIds('?search=SPRING')).toEqual([first.id]);
      expectError(await t.http.get(`${base}/stocks/batches?direction=up`).set(owner.auth), 400, 'validation_failed');

      const positionIds = async (query = '') =>
        expectPage(await t.http.get(`${base}/stocks/positions${query}`).set(owner.auth), 'positions').items.map(
          (x) => x.id,
        );
      const serialIds = second.positions.map((p: { id: string }) => p.id).sort();
      expect((await positionIds()).length).toBe(3);
      expect((await positionIds('?type=serial')).sort()).toEqual(serialIds);
      expect(await positionIds(`?unit_id=${a.id}`)).toEqual([first.positions[0].id]);
      expect(await positionIds(`?batch_id=${first.id}`)).toEqual([first.positions[0].id]);
      expect((await positionIds('?in_stock=true')).sort()).toEqual(serialIds);
      expect(await positionIds('?in_stock=false')).toEqual([first.positions[0].id]);
      expectError(await t.http.get(`${base}/stocks/positions?in_stock=yes`).set(owner.auth), 400, 'validation_failed');
    });

    it('the balance lists every active tracked unit, zero included, by name, filtered by unit and category', async () => {
      const { owner, company, base } = await ownedCompany();
      const category = await newCategory(t.http, owner, company.id);
      const empty = await newUnit(t.http, owner, company.id, { name: 'Empty', category_id: category.id, unit: 'kg' });
      const full = await newUnit(t.http, owner, company.id, { name: 'Full' });
      await newUnit(t.http, owner, company.id, {
        name: 'Untracked',
        inventory_type: 'untracked',
        tracking_detail: null,
        tracked_type: null,
        purchase_price: null,
      });
      const hidden = await newUnit(t.http, owner, company.id, { name: 'Hidden' });
      expectSuccess(await t.http.post(`${base}/catalog/units/${hidden.id}/deactivate`).set(owner.auth));
      await income(owner, base, [
        { unit_id: full.id, quantity: 1.25 },
        { unit_id: full.id, quantity: 2 },
      ]);
      const { items } = expectPage(await t.http.get(`${base}/stocks/balance`).set(owner.auth), 'balance');
      expect(items).toEqual([
        { unit_id: empty.id, unit_name: 'Empty', unit: 'kg', quantity: 0, reserved: 0, available: 0 },
        { unit_id: full.id, unit_name: 'Full', unit: 'pcs', quantity: 3.25, reserved: 0, available: 3.25 },
      ]);
      const byCategory = expectPage(
        await t.http.get(`${base}/stocks/balance?category_id=${category.id}`).set(owner.auth),
        'balance',
      );
      expect(byCategory.items.map((line) => line.unit_id)).toEqual([empty.id]);
    });
  });

  describe('across companies and permissions', () => {
    it("another company's batch or position in the path is 404", async () => {
      const { owner, base } = await ownedCompany();
      const stranger = await ownedCompany();
      const unit = await newUnit(t.http, stranger.owner, stranger.company.id);
      const foreign = await income(stranger.owner, stranger.base, [{ unit_id: unit.id, quantity: 1 }]);
      expectError(await t.http.get(`${base}/stocks/batches/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.get(`${base}/stocks/positions/${foreign.positions[0].id}`).set(owner.auth),
        404,
        'not_found',
      );
      expectError(await t.http.get(`${base}/stocks/batches/${randomUUID()}`).set(owner.auth), 404, 'not_found');
      expect(expectPage(await t.http.get(`${base}/stocks/positions`).set(owner.auth), 'positions').items).toEqual([]);
    });

    it('each stock route needs its code', async () => {
      const { owner, company, base } = await ownedCompany();
      const reader = await newAccount(t.http, 'wm-stock-reader');
      await addMember(db, company.id, reader, ['wm.stocks.balance', 'wm.stocks.positions']);
      const unit = await newUnit(t.http, owner, company.id);
      expectSuccess(await t.http.get(`${base}/stocks/balance`).set(reader.auth));
      expectSuccess(await t.http.get(`${base}/stocks/positions`).set(reader.auth));
      expectError(await t.http.get(`${base}/stocks/batches`).set(reader.auth), 403, 'forbidden');
      expectError(await batch(reader, base, 'income', [{ unit_id: unit.id, quantity: 1 }]), 403, 'forbidden');
    });
  });

  describe('catalog rules that need stock', () => {
    it('stock settings are frozen while the unit has stock (409); other fields still change', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id);
      expectSuccess(
        await t.http
          .post(`${base}/stocks/batches`)
          .set(owner.auth)
          .send({ direction: 'income', positions: [{ unit_id: unit.id, quantity: 2 }] }),
        201,
      );
      const patch = (body: object) => t.http.patch(`${base}/catalog/units/${unit.id}`).set(owner.auth).send(body);
      expectError(await patch({ tracked_type: 'lifo' }), 409, 'conflict');
      expectError(await patch({ tracking_detail: 'serial', tracked_type: null }), 409, 'conflict');
      expectError(
        await patch({ inventory_type: 'untracked', tracking_detail: null, tracked_type: null, purchase_price: null }),
        409,
        'conflict',
      );
      expect(expectSuccess(await patch({ name: 'Renamed', tracked_type: 'fifo' })).name).toBe('Renamed');
      // Once the stock is gone, the settings may change again.
      expectSuccess(
        await t.http
          .post(`${base}/stocks/batches`)
          .set(owner.auth)
          .send({ direction: 'outcome', positions: [{ unit_id: unit.id, quantity: 2 }] }),
        201,
      );
      expect(expectSuccess(await patch({ tracked_type: 'lifo' })).tracked_type).toBe('lifo');
    });

    it("WarehouseReferences tells other modules whether a unit or position is the company's", async () => {
      const { owner, company } = await ownedCompany();
      const stranger = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id);
      const batch = expectSuccess(
        await t.http
          .post(`${wm(company.id)}/stocks/batches`)
          .set(owner.auth)
          .send({ direction: 'income', positions: [{ unit_id: unit.id, quantity: 1 }] }),
        201,
      );
      const references = t.app.get(WarehouseReferences);
      expect(await references.unitBelongs(company.id, unit.id)).toBe(true);
      expect(await references.unitBelongs(stranger.company.id, unit.id)).toBe(false);
      expect(await references.unitBelongs(company.id, randomUUID())).toBe(false);
      expect(await references.positionBelongs(company.id, batch.positions[0].id)).toBe(true);
      expect(await references.positionBelongs(stranger.company.id, batch.positions[0].id)).toBe(false);
    });
  });
});
