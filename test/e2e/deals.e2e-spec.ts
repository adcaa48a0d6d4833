/** @shared-app */
import { DataSource } from 'typeorm';
import { createDeal, DealsCompany, dealsCompany, warehouseRows } from '../support/deals';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount } from '../support/factories';
import { VANISHED_REFERENCES } from '../../src/modules/companies/modules/dm/deals/deals.service';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { moduleOf } from '../support/urls';

const DEAL_KEYS = [
  'attachments',
  'client',
  'client_id',
  'comment',
  'created_at',
  'employees',
  'id',
  'positions',
  'status',
  'total_amount',
  'type',
  'type_id',
  'updated_at',
];
const STATUS_KEYS = ['color', 'comment', 'created_at', 'id', 'is_default', 'name', 'sort_order', 'updated_at'];
const POSITION_KEYS = [
  'catalog_position',
  'catalog_unit',
  'comment',
  'created_at',
  'id',
  'name',
  'position_id',
  'price',
  'quantity',
  'unit',
  'unit_id',
  'updated_at',
];

describe('Deals (dm)', () => {
  let t: SharedTestApp;
  let db: DataSource;
  let a: DealsCompany;
  let b: DealsCompany;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
    [a, b] = await Promise.all([dealsCompany(t.http, 'dm-a'), dealsCompany(t.http, 'dm-b')]);
  });
  afterAll(() => t.close());

  const defaults = (statuses: any[]) => statuses.filter((s) => s.is_default);

  describe('types', () => {
    it('create, read, list by name with search, change, delete; audited; another company sees 404', async () => {
      const c = await dealsCompany(t.http, 'dm-types');
      const created = expectSuccess(
        await t.http.post(`${c.dm}/types`).set(c.owner.auth).send({ name: '  Аренда ', comment: 'помесячно' }),
        201,
      );
      expect(Object.keys(created).sort()).toEqual(['comment', 'created_at', 'id', 'name', 'updated_at']);
      expect(created).toMatchObject({ id: expect.stringMatching(UUID), name: 'Аренда', comment: 'помесячно' });
      expect(expectSuccess(await t.http.get(`${c.dm}/types/${created.id}`).set(c.owner.auth))).toEqual(created);

      const { items } = expectPage(await t.http.get(`${c.dm}/types`).set(c.owner.auth), 'deal_types');
      expect(items.map((type: any) => type.name)).toEqual(['Аренда', 'Поставка']);
      const found = expectPage(await t.http.get(`${c.dm}/types?search=МЕСЯЧ`).set(c.owner.auth), 'deal_types');
      expect(found.items.map((type: any) => type.id)).toEqual([created.id]);

      const changed = expectSuccess(
        await t.http.patch(`${c.dm}/types/${created.id}`).set(c.owner.auth).send({ comment: null }),
      );
      expect(changed).toMatchObject({ name: 'Аренда', comment: null });
      expectError(
        await t.http.patch(`${c.dm}/types/${created.id}`).set(c.owner.auth).send({ name: ' ' }),
        400,
        'validation_failed',
      );

      expectError(
        await t.http.get(`${b.dm.replace(b.id, c.id)}/types/${b.type.id}`).set(c.owner.auth),
        404,
        'not_found',
      );
      expectError(await t.http.get(`${c.dm}/types/${created.id}`).set(b.owner.auth), 404, 'not_found');

      // The Kroncl server's answer to a deletion (CONTRACT 17).
      expect(expectSuccess(await t.http.delete(`${c.dm}/types/${created.id}`).set(c.owner.auth))).toEqual({
        type_id: created.id,
        deleted: true,
      });
      expectError(await t.http.get(`${c.dm}/types/${created.id}`).set(c.owner.auth), 404, 'not_found');
      const keys = (await auditRecords(db, c.id)).map((r) => `${r.key}:${r.status}`);
      expect(keys).toEqual(
        expect.arrayContaining(['dm.types.create:success', 'dm.types.update:success', 'dm.types.delete:success']),
      );
    });

    it('409 deleting a type a deal has (and the type stays)', async () => {
      const c = await dealsCompany(t.http, 'dm-type-used');
      await createDeal(t.http, c, { type_id: c.type.id });
      expectError(await t.http.delete(`${c.dm}/types/${c.type.id}`).set(c.owner.auth), 409, 'conflict');
      expectSuccess(await t.http.get(`${c.dm}/types/${c.type.id}`).set(c.owner.auth));
      const [refused] = await auditRecords(db, c.id, 'dm.types.delete');
      expect(refused.status).toBe('error');
    });
  });

  describe('statuses', () => {
    it('every company starts with the five statuses of CONTRACT 16, "Ожидание" the default', async () => {
      expect(a.statuses.map((s) => [s.name, s.sort_order, s.is_default, s.color])).toEqual([
        ['Ожидание', 10, true, null],
        ['Согласование', 20, false, null],
        ['В работе', 30, false, null],
        ['Успешно завершены', 40, false, null],
        ['Отклонены', 50, false, null],
      ]);
      expect(Object.keys(a.statuses[0]).sort()).toEqual(STATUS_KEYS);
    });

    it('a new status goes last (highest + 10) unless sort_order is given; color is #RRGGBB or null', async () => {
      const c = await dealsCompany(t.http, 'dm-status-create');
      const last = expectSuccess(
        await t.http.post(`${c.dm}/statuses`).set(c.owner.auth).send({ name: 'Архив', color: '#1E88E5' }),
        201,
      );
      expect(last).toMatchObject({ sort_order: 60, color: '#1E88E5', is_default: false, comment: null });
      const early = expectSuccess(
        await t.http.post(`${c.dm}/statuses`).set(c.owner.auth).send({ name: 'Лид', sort_order: 5 }),
        201,
      );
      expect(early.sort_order).toBe(5);
      const { items } = expectPage(await t.http.get(`${c.dm}/statuses?limit=100`).set(c.owner.auth), 'statuses');
      expect(items.map((s: any) => s.name)).toEqual([
        'Лид',
        'Ожидание',
        'Согласование',
        'В работе',
        'Успешно завершены',
        'Отклонены',
        'Архив',
      ]);
      for (const color of ['blue', '#12345', '#1234567', '#GGGGGG']) {
        const res = expectError(
          await t.http.post(`${c.dm}/statuses`).set(c.owner.auth).send({ name: 'X', color }),
          400,
          'validation_failed',
        );
        expect(res.error.details).toEqual([{ field: 'color', message: expect.any(String) }]);
      }
    });

    it('making a status default unsets the other; the default cannot be unset or deleted (409)', async () => {
      const c = await dealsCompany(t.http, 'dm-default');
      const [waiting, approval] = c.statuses;
      const moved = expectSuccess(
        await t.http.patch(`${c.dm}/statuses/${approval.id}`).set(c.owner.auth).send({ is_default: true }),
      );
      expect(moved.is_default).toBe(true);
      const { items } = expectPage(await t.http.get(`${c.dm}/statuses`).set(c.owner.auth), 'statuses');
      expect(defaults(items).map((s: any) => s.id)).toEqual([approval.id]);

      expectError(
        await t.http.patch(`${c.dm}/statuses/${approval.id}`).set(c.owner.auth).send({ is_default: false }),
        409,
        'conflict',
      );
      expectError(await t.http.delete(`${c.dm}/statuses/${approval.id}`).set(c.owner.auth), 409, 'conflict');
      // false on a status that is not the default changes nothing.
      expectSuccess(await t.http.patch(`${c.dm}/statuses/${waiting.id}`).set(c.owner.auth).send({ is_default: false }));

      const created = expectSuccess(
        await t.http.post(`${c.dm}/statuses`).set(c.owner.auth).send({ name: 'Новый', is_default: true }),
        201,
      );
      const after = expectPage(await t.http.get(`${c.dm}/statuses`).set(c.owner.auth), 'statuses').items;
      expect(defaults(after).map((s: any) => s.id)).toEqual([created.id]);
      // A deal created without status_id gets the default.
      expect((await createDeal(t.http, c)).status.id).toBe(created.id);
    });

    it('the database itself keeps exactly one default: no second default, no company without one', async () => {
      const c = await dealsCompany(t.http, 'dm-default-db');
      await expect(
        db.query(`UPDATE deal_statuses SET is_default = true WHERE company_id = $1`, [c.id]),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        db.query(`UPDATE deal_statuses SET is_default = false WHERE company_id = $1`, [c.id]),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        db.query(`DELETE FROM deal_statuses WHERE company_id = $1 AND is_default`, [c.id]),
      ).rejects.toMatchObject({ code: '23514' });
      const [{ count }] = await db.query(
        `SELECT count(*)::int AS count FROM deal_statuses WHERE company_id = $1 AND is_default`,
        [c.id],
      );
      expect(count).toBe(1);
    });

    it('concurrent PATCHes making different statuses default leave exactly one default', async () => {
      const c = await dealsCompany(t.http, 'dm-default-race');
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          c.statuses.map((status) =>
            t.http.patch(`${c.dm}/statuses/${status.id}`).set(c.owner.auth).send({ is_default: true }),
          ),
        );
        answers.forEach((res) => expectSuccess(res));
        const rows = await db.query(`SELECT id FROM deal_statuses WHERE company_id = $1 AND is_default`, [c.id]);
        expect(rows).toHaveLength(1);
        const listed = expectPage(await t.http.get(`${c.dm}/statuses`).set(c.owner.auth), 'statuses').items;
        expect(defaults(listed).map((s: any) => s.id)).toEqual([rows[0].id]);
      }
    });

    it('reorder: every status exactly once gives sort_order 10, 20, …; anything else is 400', async () => {
      const c = await dealsCompany(t.http, 'dm-reorder');
      const ids = c.statuses.map((s) => s.id).reverse();
      const {
        statuses,
        reordered,
        status_ids: echoed,
      } = expectSuccess(await t.http.put(`${c.dm}/statuses/reorder`).set(c.owner.auth).send({ status_ids: ids }));
      // The Kroncl server's reordered and status_ids beside the pipeline (CONTRACT 17).
      expect([reordered, echoed]).toEqual([true, ids]);
      expect(statuses.map((s: any) => [s.id, s.sort_order])).toEqual(ids.map((id, i) => [id, (i + 1) * 10]));
      for (const status_ids of [
        ids.slice(1),
        [...ids, ids[0]],
        [...ids.slice(1), b.statuses[0].id],
        [...ids, a.statuses[0].id],
      ]) {
        const res = expectError(
          await t.http.put(`${c.dm}/statuses/reorder`).set(c.owner.auth).send({ status_ids }),
          400,
          'validation_failed',
        );
        expect(res.error.details).toEqual([{ field: 'status_ids', message: expect.any(String) }]);
      }
      expectError(
        await t.http
          .put(`${c.dm}/statuses/reorder`)
          .set(c.owner.auth)
          .send({ status_ids: ['x'] }),
        400,
        'validation_failed',
      );
    });

    it('deleting: 409 while a deal has the status, {status_id, deleted} once none has; another company sees 404', async () => {
      const c = await dealsCompany(t.http, 'dm-status-delete');
      const used = c.statuses[2];
      const deal = await createDeal(t.http, c, { status_id: used.id });
      expectError(await t.http.delete(`${c.dm}/statuses/${used.id}`).set(c.owner.auth), 409, 'conflict');
      expectError(await t.http.delete(`${c.dm}/statuses/${used.id}`).set(b.owner.auth), 404, 'not_found');
      expectSuccess(
        await t.http.patch(`${c.dm}/deals/${deal.id}`).set(c.owner.auth).send({ status_id: c.statuses[3].id }),
      );
      expect(expectSuccess(await t.http.delete(`${c.dm}/statuses/${used.id}`).set(c.owner.auth))).toEqual({
        status_id: used.id,
        deleted: true,
      });
      expectError(await t.http.get(`${c.dm}/statuses/${used.id}`).set(c.owner.auth), 404, 'not_found');
    });
  });

  describe('deals', () => {
    it('creates a bare deal: the default status, null type and client, no employees or lines, total 0', async () => {
      const deal = await createDeal(t.http, a);
      expect(Object.keys(deal).sort()).toEqual(DEAL_KEYS);
      expect(deal).toEqual({
        id: expect.stringMatching(UUID),
        comment: null,
        type_id: null,
        client_id: null,
        type: null,
        status: a.statuses[0],
        client: null,
        employees: [],
        positions: [],
        total_amount: 0,
        attachments: [],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const [record] = await auditRecords(db, a.id, 'dm.deals.create');
      expect(record).toMatchObject({ status: 'success', metadata: { result_id: deal.id } });
    });

    it('creates a full deal: type, client, status, employees and lines in the order sent; total Σ price × quantity', async () => {
      const deal = await createDeal(t.http, a, {
        comment: 'Поставка оборудования',
        type_id: a.type.id,
        client_id: a.client.id,
        status_id: a.statuses[1].id,
        employees: [a.employee.id, a.employee.id],
        positions: [
          { name: 'Станок', price: 1500.5, quantity: 2 },
          { name: 'Кабель', price: 99.99, quantity: 1.5, unit: 'm', comment: 'медный' },
          { name: 'Доставка', price: 0, quantity: 1 },
        ],
      });
      expect(deal.type).toEqual(a.type);
      expect(deal.status).toEqual(a.statuses[1]);
      // The client and the employees in their own modules' shapes (CONTRACT 17).
      const modules = a.dm.slice(0, -'/dm'.length);
      const client = expectSuccess(await t.http.get(`${modules}/crm/clients/${a.client.id}`).set(a.owner.auth));
      expect(deal.client).toEqual(client);
      expect(deal.client.source).toMatchObject({ system: true, url: null });
      expect(deal.client_id).toBe(a.client.id);
      expect(deal.type_id).toBe(a.type.id);
      const employee = expectSuccess(await t.http.get(`${modules}/hrm/employees/${a.employee.id}`).set(a.owner.auth));
      const { positions, ...employeeFields } = employee;
      expect(positions).toEqual([]);
      expect(deal.employees).toEqual([employeeFields]);
      expect(deal.employees[0]).toMatchObject({ first_name: 'Анна', last_name: 'Менеджер', is_account_linked: false });
      expect(deal.positions.map((p: any) => [p.name, p.price, p.quantity, p.unit, p.comment])).toEqual([
        ['Станок', 1500.5, 2, 'pcs', null],
        ['Кабель', 99.99, 1.5, 'm', 'медный'],
        ['Доставка', 0, 1, 'pcs', null],
      ]);
      expect(Object.keys(deal.positions[0]).sort()).toEqual(POSITION_KEYS);
      // 3001 + 149.985 (rounded to kopecks: 149.99) + 0
      expect(deal.total_amount).toBe(3150.99);
      expect(expectSuccess(await t.http.get(`${a.dm}/deals/${deal.id}`).set(a.owner.auth))).toEqual(deal);
    });

    it('400 naming the field for another company’s type, status, client or employee, and an inactive employee', async () => {
      const res = expectError(
        await t.http
          .post(`${a.dm}/deals`)
          .set(a.owner.auth)
          .send({
            type_id: b.type.id,
            status_id: b.statuses[0].id,
            client_id: b.client.id,
            employees: [a.employee.id, b.employee.id],
          }),
        400,
        'validation_failed',
      );
      expect(res.error.details).toEqual([
        { field: 'type_id', message: expect.any(String) },
        { field: 'status_id', message: expect.any(String) },
        { field: 'client_id', message: expect.any(String) },
        { field: 'employees.1', message: expect.any(String) },
      ]);
      const c = await dealsCompany(t.http, 'dm-inactive');
      expectSuccess(
        await t.http
          .post(`/api/v1/companies/${c.id}/modules/hrm/employees/${c.employee.id}/deactivate`)
          .set(c.owner.auth),
      );
      const inactive = expectError(
        await t.http
          .post(`${c.dm}/deals`)
          .set(c.owner.auth)
          .send({ employees: [c.employee.id] }),
        400,
        'validation_failed',
      );
      expect(inactive.error.details).toEqual([{ field: 'employees.0', message: expect.any(String) }]);
      const deal = await createDeal(t.http, a);
      const patch = expectError(
        await t.http
          .patch(`${a.dm}/deals/${deal.id}`)
          .set(a.owner.auth)
          .send({ type_id: b.type.id, client_id: b.client.id }),
        400,
        'validation_failed',
      );
      expect(patch.error.details.map((d: any) => d.field)).toEqual(['type_id', 'client_id']);
    });

    it('400 for bad lines: price and quantity rules, unit, unit_id with position_id', async () => {
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ name: 'x', price: -1, quantity: 1 }, 'positions.0.price'],
        [{ name: 'x', price: 1.001, quantity: 1 }, 'positions.0.price'],
        [{ name: 'x', price: 1, quantity: 0 }, 'positions.0.quantity'],
        [{ name: 'x', price: 1, quantity: 1.0001 }, 'positions.0.quantity'],
        [{ name: 'x', price: 1, quantity: 1, unit: 'box' }, 'positions.0.unit'],
        [{ price: 1, quantity: 1 }, 'positions.0.name'],
        [
          {
            name: 'x',
            price: 1,
            quantity: 1,
            unit_id: '00000000-0000-4000-8000-000000000001',
            position_id: '00000000-0000-4000-8000-000000000002',
          },
          'positions.0.position_id',
        ],
      ];
      for (const [line, field] of bad) {
        const res = expectError(
          await t.http
            .post(`${a.dm}/deals`)
            .set(a.owner.auth)
            .send({ positions: [line] }),
          400,
          'validation_failed',
        );
        expect(res.error.details.map((d: any) => d.field)).toContain(field);
      }
    });

    it('PATCH changes fields, replaces employees, changes / deletes / adds lines and recomputes the total', async () => {
      const c = await dealsCompany(t.http, 'dm-patch');
      const deal = await createDeal(t.http, c, {
        comment: 'old',
        type_id: c.type.id,
        client_id: c.client.id,
        employees: [c.employee.id],
        positions: [
          { name: 'A', price: 10, quantity: 1 },
          { name: 'B', price: 20, quantity: 2 },
        ],
      });
      const [lineA, lineB] = deal.positions;
      const changed = expectSuccess(
        await t.http
          .patch(`${c.dm}/deals/${deal.id}`)
          .set(c.owner.auth)
          .send({
            comment: 'new',
            type_id: null,
            client_id: null,
            status_id: c.statuses[4].id,
            employees: [],
            positions: [
              { id: lineA.id, price: 15.5, comment: 'скидка отменена' },
              { id: lineB.id, delete: true },
              { name: 'C', price: 1.25, quantity: 4, unit: 'kg' },
            ],
          }),
      );
      expect(changed).toMatchObject({ comment: 'new', type: null, client: null, employees: [], total_amount: 20.5 });
      expect(changed.status.id).toBe(c.statuses[4].id);
      expect(changed.positions.map((p: any) => [p.id, p.name, p.price, p.quantity, p.unit, p.comment])).toEqual([
        [lineA.id, 'A', 15.5, 1, 'pcs', 'скидка отменена'],
        [expect.stringMatching(UUID), 'C', 1.25, 4, 'kg', null],
      ]);
      expect(changed.updated_at >= deal.updated_at).toBe(true);
      const [record] = await auditRecords(db, c.id, 'dm.deals.update');
      expect(record.metadata).toMatchObject({ ids: { dealId: deal.id }, changes: { status_id: c.statuses[4].id } });
    });

    it('PATCH never touches another deal’s lines: an id of another deal (or company) is 400 and nothing changes', async () => {
      const mine = await createDeal(t.http, a, { positions: [{ name: 'mine', price: 1, quantity: 1 }] });
      const other = await createDeal(t.http, a, { positions: [{ name: 'other', price: 2, quantity: 1 }] });
      const foreign = await createDeal(t.http, b, { positions: [{ name: 'foreign', price: 3, quantity: 1 }] });
      for (const id of [other.positions[0].id, foreign.positions[0].id]) {
        for (const line of [
          { id, price: 100 },
          { id, delete: true },
        ]) {
          const res = expectError(
            await t.http
              .patch(`${a.dm}/deals/${mine.id}`)
              .set(a.owner.auth)
              .send({ comment: 'changed', positions: [line] }),
            400,
            'validation_failed',
          );
          expect(res.error.details).toEqual([{ field: 'positions.0.id', message: 'must be a position of this deal' }]);
        }
      }
      expect(expectSuccess(await t.http.get(`${a.dm}/deals/${other.id}`).set(a.owner.auth))).toEqual(other);
      expect(expectSuccess(await t.http.get(`${b.dm}/deals/${foreign.id}`).set(b.owner.auth))).toEqual(foreign);
      expect(expectSuccess(await t.http.get(`${a.dm}/deals/${mine.id}`).set(a.owner.auth))).toEqual(mine);

      const twice = expectError(
        await t.http
          .patch(`${a.dm}/deals/${mine.id}`)
          .set(a.owner.auth)
          .send({
            positions: [
              { id: mine.positions[0].id, price: 1 },
              { id: mine.positions[0].id, delete: true },
            ],
          }),
        400,
        'validation_failed',
      );
      expect(twice.error.details).toEqual([{ field: 'positions.1.id', message: expect.any(String) }]);
      const orphanDelete = expectError(
        await t.http
          .patch(`${a.dm}/deals/${mine.id}`)
          .set(a.owner.auth)
          .send({ positions: [{ delete: true, name: 'x', price: 1, quantity: 1 }] }),
        400,
        'validation_failed',
      );
      expect(orphanDelete.error.details).toEqual([{ field: 'positions.0.delete', message: 'needs id' }]);
    });

    it('a line names a catalog unit or a stock position, never both, also after a PATCH', async () => {
      const { unitId, positionId } = await warehouseRows(t.http, a);
      const deal = await createDeal(t.http, a, { positions: [{ name: 'x', price: 1, quantity: 1, unit_id: unitId }] });
      const res = expectError(
        await t.http
          .patch(`${a.dm}/deals/${deal.id}`)
          .set(a.owner.auth)
          .send({ positions: [{ id: deal.positions[0].id, position_id: positionId }] }),
        400,
        'validation_failed',
      );
      expect(res.error.details).toEqual([{ field: 'positions.0.unit_id', message: expect.any(String) }]);
    });

    it('unit_id / position_id: a catalog unit or stock position of this company, else 400 naming the field', async () => {
      const [mine, theirs] = await Promise.all([warehouseRows(t.http, a), warehouseRows(t.http, b)]);
      const deal = await createDeal(t.http, a, {
        positions: [
          { name: 'Станок', price: 1500, quantity: 1, unit_id: mine.unitId },
          { name: 'Станок №1', price: 1500, quantity: 1, position_id: mine.positionId },
        ],
      });
      expect(deal.positions.map((p: any) => [p.unit_id, p.position_id])).toEqual([
        [mine.unitId, null],
        [null, mine.positionId],
      ]);
      // Each line names its catalog unit or stock position in full (CONTRACT 17), as their own routes show them.
      const wm = a.dm.slice(0, -'/dm'.length) + '/wm';
      const unit = expectSuccess(await t.http.get(`${wm}/catalog/units/${mine.unitId}`).set(a.owner.auth));
      const position = expectSuccess(await t.http.get(`${wm}/stocks/positions/${mine.positionId}`).set(a.owner.auth));
      expect(deal.positions.map((p: any) => [p.catalog_unit, p.catalog_position])).toEqual([
        [unit, null],
        [null, position],
      ]);
      const created = expectError(
        await t.http
          .post(`${a.dm}/deals`)
          .set(a.owner.auth)
          .send({
            positions: [
              { name: 'x', price: 1, quantity: 1, unit_id: theirs.unitId },
              { name: 'y', price: 1, quantity: 1, position_id: theirs.positionId },
              { name: 'z', price: 1, quantity: 1, unit_id: '00000000-0000-4000-8000-000000000009' },
            ],
          }),
        400,
        'validation_failed',
      );
      expect(created.error.details.map((d: any) => d.field)).toEqual([
        'positions.0.unit_id',
        'positions.1.position_id',
        'positions.2.unit_id',
      ]);
      const patched = expectError(
        await t.http
          .patch(`${a.dm}/deals/${deal.id}`)
          .set(a.owner.auth)
          .send({
            positions: [
              { id: deal.positions[0].id, unit_id: theirs.unitId },
              { name: 'y', price: 1, quantity: 1, position_id: theirs.positionId },
            ],
          }),
        400,
        'validation_failed',
      );
      expect(patched.error.details.map((d: any) => d.field)).toEqual([
        'positions.0.unit_id',
        'positions.1.position_id',
      ]);
      expect(expectSuccess(await t.http.get(`${a.dm}/deals/${deal.id}`).set(a.owner.auth))).toEqual(deal);
    });

    it('DELETE answers {} and the deal is gone (404); another company’s deal is 404 everywhere', async () => {
      const deal = await createDeal(t.http, a, {
        positions: [{ name: 'x', price: 1, quantity: 1 }],
        employees: [a.employee.id],
      });
      for (const res of [
        await t.http.get(`${a.dm}/deals/${deal.id}`).set(b.owner.auth),
        await t.http.get(`${b.dm}/deals/${deal.id}`).set(b.owner.auth),
        await t.http.patch(`${b.dm}/deals/${deal.id}`).set(b.owner.auth).send({ comment: 'x' }),
        await t.http.delete(`${b.dm}/deals/${deal.id}`).set(b.owner.auth),
      ]) {
        expectError(res, 404, 'not_found');
      }
      expect(expectSuccess(await t.http.delete(`${a.dm}/deals/${deal.id}`).set(a.owner.auth))).toEqual({});
      expectError(await t.http.get(`${a.dm}/deals/${deal.id}`).set(a.owner.auth), 404, 'not_found');
      expectError(await t.http.get(`${a.dm}/deals/not-a-uuid`).set(a.owner.auth), 400, 'validation_failed');
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM deal_positions WHERE deal_id = $1`, [
        deal.id,
      ]);
      expect(count).toBe(0);
    });

    it('permissions: a member needs the operation’s code (403 otherwise, recorded for changes)', async () => {
      const c = await dealsCompany(t.http, 'dm-perm');
      const reader = await newAccount(t.http, 'dm-reader');
      await addMember(db, c.id, reader, ['dm.deals']);
      expectPage(await t.http.get(`${c.dm}/deals`).set(reader.auth), 'deals');
      expectError(await t.http.post(`${c.dm}/deals`).set(reader.auth).send({}), 403, 'forbidden');
      expectError(await t.http.get(`${c.dm}/statuses`).set(reader.auth), 403, 'forbidden');
      const [refused] = await auditRecords(db, c.id, 'dm.deals.create');
      expect(refused).toMatchObject({ status: 'error', account_id: reader.id });
    });

    it('400, not 500, when the type goes between the check and the insert; the deal is not written', async () => {
      const c = await dealsCompany(t.http, 'dm-vanish');
      const type = expectSuccess(await t.http.post(`${c.dm}/types`).set(c.owner.auth).send({ name: 'Уйдёт' }), 201);
      // Inserts into deals wait behind this lock; reading deal_types, the check does not.
      const blocker = db.createQueryRunner();
      await blocker.connect();
      try {
        await blocker.startTransaction();
        await blocker.query('LOCK TABLE deals IN SHARE MODE');
        const creating = t.http
          .post(`${c.dm}/deals`)
          .set(c.owner.auth)
          .send({ type_id: type.id })
          .then((res) => res);
        for (let waiting = 0; waiting === 0; await new Promise((done) => setTimeout(done, 20))) {
          [{ waiting }] = await db.query(
            `SELECT count(*)::int AS waiting FROM pg_locks WHERE relation = 'deals'::regclass AND NOT granted`,
          );
        }
        expectSuccess(await t.http.delete(`${c.dm}/types/${type.id}`).set(c.owner.auth));
        await blocker.commitTransaction();
        expect(expectError(await creating, 400, 'validation_failed').error.details).toEqual([
          { field: 'type_id', message: 'must be a deal type of this company' },
        ]);
      } finally {
        await blocker.release();
      }
      const [{ deals }] = await db.query('SELECT count(*)::int AS deals FROM deals WHERE company_id = $1', [c.id]);
      expect(deals).toBe(0);
      // The names the service maps are the schema's: a renamed key would bring the 500 back.
      const keys = Object.keys(VANISHED_REFERENCES);
      const named = await db.query(`SELECT conname FROM pg_constraint WHERE contype = 'f' AND conname = ANY($1)`, [
        keys,
      ]);
      expect(named.map((row: { conname: string }) => row.conname).sort()).toEqual(keys.sort());
    });
  });

  describe('list and board', () => {
    let c: DealsCompany;
    let deals: any[];
    let otherType: any;
    let otherClient: any;
    beforeAll(async () => {
      c = await dealsCompany(t.http, 'dm-list');
      otherType = expectSuccess(await t.http.post(`${c.dm}/types`).set(c.owner.auth).send({ name: 'Услуги' }), 201);
      const crm = moduleOf(c.id, 'crm');
      otherClient = expectSuccess(
        await t.http
          .post(`${crm}/clients`)
          .set(c.owner.auth)
          .send({ first_name: 'Ольга', last_name: 'Заказчица', type: 'individual', source_id: c.client.source.id }),
        201,
      );
      deals = [];
      const bodies = [
        { comment: 'первая', type_id: c.type.id, client_id: c.client.id, status_id: c.statuses[0].id },
        {
          comment: 'вторая',
          type_id: otherType.id,
          client_id: otherClient.id,
          status_id: c.statuses[1].id,
          employees: [c.employee.id],
        },
        {
          comment: 'третья',
          status_id: c.statuses[1].id,
          positions: [{ name: 'Ремонт 100%_x', price: 5, quantity: 2 }],
        },
        { comment: 'четвёртая', type_id: c.type.id, status_id: c.statuses[2].id, employees: [c.employee.id] },
        { status_id: c.statuses[1].id, positions: [{ name: 'Монтаж', price: 7, quantity: 1 }] },
      ];
      for (const body of bodies) deals.push(await createDeal(t.http, c, body));
    });

    const ids = (items: any[]) => items.map((deal) => deal.id);
    const list = async (query: string) =>
      expectPage(await t.http.get(`${c.dm}/deals?${query}`).set(c.owner.auth), 'deals');

    it('newest first, paged; each filter and search (comment, client name, position name; wildcards literal)', async () => {
      const all = await list('');
      expect(ids(all.items)).toEqual(ids([...deals].reverse()));
      expect(all.items[0]).toEqual(deals[4]);
      const page = await list('limit=2&page=2');
      expect(ids(page.items)).toEqual([deals[2].id, deals[1].id]);
      expect(page.pagination).toEqual({ total: 5, page: 2, limit: 2, pages: 3, total_exact: true });

      expect(ids((await list(`type_id=${c.type.id}`)).items)).toEqual([deals[3].id, deals[0].id]);
      expect(ids((await list(`status_id=${c.statuses[1].id}`)).items)).toEqual([deals[4].id, deals[2].id, deals[1].id]);
      expect(ids((await list(`client_id=${otherClient.id}`)).items)).toEqual([deals[1].id]);
      expect(ids((await list(`employee_id=${c.employee.id}`)).items)).toEqual([deals[3].id, deals[1].id]);
      expect(ids((await list(`employee_id=${c.employee.id}&type_id=${c.type.id}`)).items)).toEqual([deals[3].id]);
      expect(ids((await list('search=ВТОРАЯ')).items)).toEqual([deals[1].id]);
      expect(ids((await list('search=заказчица')).items)).toEqual([deals[1].id]);
      expect(ids((await list('search=монтаж')).items)).toEqual([deals[4].id]);
      expect(ids((await list('search=100%_')).items)).toEqual([deals[2].id]);
      expect((await list('search=0%x')).items).toEqual([]);
      expect((await list(`type_id=${b.type.id}`)).pagination.total).toBe(0);
    });

    it('400 for malformed filters and an unknown group_by', async () => {
      for (const query of [
        'type_id=x',
        'status_id=1',
        'client_id=x',
        'employee_id=x',
        'group_by=type',
        'limit=101',
        'page=0',
      ]) {
        expectError(await t.http.get(`${c.dm}/deals?${query}`).set(c.owner.auth), 400, 'validation_failed');
      }
    });

    it('group_by=status: every status in pipeline order with its count and newest `limit` deals', async () => {
      // `data` is the array of groups itself (the Kroncl shape, CONTRACT 17).
      const groups = expectSuccess(await t.http.get(`${c.dm}/deals?group_by=status&limit=2`).set(c.owner.auth));
      expect(Array.isArray(groups)).toBe(true);
      expect(groups.map((g: any) => [g.status_id, g.status_name, g.status_color, g.sort_order, g.count])).toEqual([
        [c.statuses[0].id, 'Ожидание', null, 10, 1],
        [c.statuses[1].id, 'Согласование', null, 20, 3],
        [c.statuses[2].id, 'В работе', null, 30, 1],
        [c.statuses[3].id, 'Успешно завершены', null, 40, 0],
        [c.statuses[4].id, 'Отклонены', null, 50, 0],
      ]);
      expect(groups[1].deals).toEqual([deals[4], deals[2]]);
      expect(groups[0].deals).toEqual([deals[0]]);
      expect(groups[3].deals).toEqual([]);

      const filtered = expectSuccess(
        await t.http.get(`${c.dm}/deals?group_by=status&employee_id=${c.employee.id}`).set(c.owner.auth),
      );
      expect(filtered.map((g: any) => g.count)).toEqual([0, 1, 1, 0, 0]);
      const one = expectSuccess(
        await t.http.get(`${c.dm}/deals?group_by=status&status_id=${c.statuses[1].id}`).set(c.owner.auth),
      );
      expect(one.map((g: any) => g.status_id)).toEqual([c.statuses[1].id]);
    });

    it('analysis summary: counts, the default status, amounts; avg over deals with positions', async () => {
      const summary = expectSuccess(await t.http.get(`${c.dm}/analysis/summary`).set(c.owner.auth));
      expect(summary).toEqual({
        total_deals: 5,
        default_status_id: c.statuses[0].id,
        default_status_name: 'Ожидание',
        deals_in_default: 1,
        total_amount: 17,
        avg_deal_amount: 8.5,
      });
      const typed = expectSuccess(await t.http.get(`${c.dm}/analysis/summary?type_id=${c.type.id}`).set(c.owner.auth));
      expect(typed).toMatchObject({ total_deals: 2, deals_in_default: 1, total_amount: 0, avg_deal_amount: null });
      const future = expectSuccess(
        await t.http.get(`${c.dm}/analysis/summary?start_date=2999-01-01T00:00:00Z`).set(c.owner.auth),
      );
      expect(future).toMatchObject({ total_deals: 0, deals_in_default: 0, total_amount: 0, avg_deal_amount: null });
    });

    it('analysis grouped by type, status, client, employee and period', async () => {
      const grouped = async (query: string) =>
        expectSuccess(await t.http.get(`${c.dm}/analysis/grouped?${query}`).set(c.owner.auth));
      expect(await grouped('group_by=type')).toEqual([
        { group_key: 'no-type', group_name: 'Без типа', count: 2, amount: 17 },
        { group_key: c.type.id, group_name: 'Поставка', count: 2, amount: 0 },
        { group_key: otherType.id, group_name: 'Услуги', count: 1, amount: 0 },
      ]);
      expect(await grouped('group_by=status')).toEqual([
        { group_key: c.statuses[0].id, group_name: 'Ожидание', count: 1, amount: 0 },
        { group_key: c.statuses[1].id, group_name: 'Согласование', count: 3, amount: 17 },
        { group_key: c.statuses[2].id, group_name: 'В работе', count: 1, amount: 0 },
      ]);
      expect(await grouped('group_by=client')).toEqual([
        { group_key: 'no-client', group_name: 'Без клиента', count: 3, amount: 17 },
        { group_key: otherClient.id, group_name: 'Ольга Заказчица', count: 1, amount: 0 },
        { group_key: c.client.id, group_name: 'Пётр Покупатель', count: 1, amount: 0 },
      ]);
      expect(await grouped('group_by=employee')).toEqual([
        { group_key: 'no-employee', group_name: 'Без сотрудника', count: 3, amount: 17 },
        { group_key: c.employee.id, group_name: 'Анна Менеджер', count: 2, amount: 0 },
      ]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await grouped('group_by=day')).toEqual([
        { group_key: today, group_name: expect.any(String), count: 5, amount: 17 },
      ]);
      expect(await grouped('group_by=month')).toEqual([
        { group_key: today.slice(0, 7), group_name: expect.any(String), count: 5, amount: 17 },
      ]);
      expect(await grouped(`group_by=year&status_id=${c.statuses[1].id}`)).toEqual([
        { group_key: today.slice(0, 4), group_name: today.slice(0, 4), count: 3, amount: 17 },
      ]);
      for (const query of ['', 'group_by=week', 'group_by=day&start_date=yesterday', 'group_by=day&type_id=x']) {
        expectError(await t.http.get(`${c.dm}/analysis/grouped?${query}`).set(c.owner.auth), 400, 'validation_failed');
      }
    });
  });
});
