/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { newCategory, newUnit, trackedUnitBody } from '../support/warehouse';
import { wm } from '../support/urls';

describe('Warehouse catalog', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  async function ownedCompany() {
    const owner = await newAccount(t.http, 'wm-owner');
    const company = await newCompany(t.http, owner);
    return { owner, company, base: wm(company.id) };
  }

  /** The fields a 400 answer names, each once, sorted. */
  function fieldsOf(res: any): string[] {
    const details: Array<{ field: string }> = expectError(res, 400, 'validation_failed').error.details;
    return [...new Set(details.map((detail) => detail.field))].sort();
  }

  describe('categories', () => {
    it('creates, reads, lists by name and filters by parent (null for roots), status and search', async () => {
      const { owner, company, base } = await ownedCompany();
      const root = await newCategory(t.http, owner, company.id, { name: 'Tools', comment: 'Hand tools' });
      expect(root).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Tools',
        comment: 'Hand tools',
        status: 'active',
        parent_id: null,
        metadata: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const child = await newCategory(t.http, owner, company.id, { name: 'Hammers', parent_id: root.id });
      await newCategory(t.http, owner, company.id, { name: 'Food', metadata: { shelf: 3 } });

      expect(expectSuccess(await t.http.get(`${base}/catalog/categories/${child.id}`).set(owner.auth))).toEqual(child);
      const all = expectPage(await t.http.get(`${base}/catalog/categories`).set(owner.auth), 'categories');
      expect(all.items.map((c) => c.name)).toEqual(['Food', 'Hammers', 'Tools']);
      const roots = expectPage(
        await t.http.get(`${base}/catalog/categories?parent_id=null`).set(owner.auth),
        'categories',
      );
      expect(roots.items.map((c) => c.name)).toEqual(['Food', 'Tools']);
      const children = expectPage(
        await t.http.get(`${base}/catalog/categories?parent_id=${root.id}`).set(owner.auth),
        'categories',
      );
      expect(children.items.map((c) => c.name)).toEqual(['Hammers']);
      const searched = expectPage(
        await t.http.get(`${base}/catalog/categories?search=HAND`).set(owner.auth),
        'categories',
      );
      expect(searched.items.map((c) => c.name)).toEqual(['Tools']);
      expectSuccess(await t.http.post(`${base}/catalog/categories/${child.id}/deactivate`).set(owner.auth));
      const inactive = expectPage(
        await t.http.get(`${base}/catalog/categories?status=inactive`).set(owner.auth),
        'categories',
      );
      expect(inactive.items.map((c) => c.name)).toEqual(['Hammers']);
      expectError(await t.http.get(`${base}/catalog/categories?status=gone`).set(owner.auth), 400, 'validation_failed');
      expectError(
        await t.http.get(`${base}/catalog/categories?parent_id=nope`).set(owner.auth),
        400,
        'validation_failed',
      );
    });

    it('names are unique within the company: 409 on create and on rename, other companies unaffected', async () => {
      const { owner, company, base } = await ownedCompany();
      await newCategory(t.http, owner, company.id, { name: 'Paint' });
      const other = await newCategory(t.http, owner, company.id, { name: 'Glue' });
      expectError(
        await t.http.post(`${base}/catalog/categories`).set(owner.auth).send({ name: 'Paint' }),
        409,
        'conflict',
      );
      expectError(
        await t.http.patch(`${base}/catalog/categories/${other.id}`).set(owner.auth).send({ name: 'Paint' }),
        409,
        'conflict',
      );
      const second = await ownedCompany();
      await newCategory(t.http, second.owner, second.company.id, { name: 'Paint' });
    });

    it('refuses a parent that is the category itself or a descendant (400 parent_id); a move elsewhere works', async () => {
      const { owner, company, base } = await ownedCompany();
      const a = await newCategory(t.http, owner, company.id, { name: 'A' });
      const b = await newCategory(t.http, owner, company.id, { name: 'B', parent_id: a.id });
      const c = await newCategory(t.http, owner, company.id, { name: 'C', parent_id: b.id });
      const patch = (id: string, body: object) =>
        t.http.patch(`${base}/catalog/categories/${id}`).set(owner.auth).send(body);
      expect(fieldsOf(await patch(a.id, { parent_id: a.id }))).toEqual(['parent_id']);
      expect(fieldsOf(await patch(a.id, { parent_id: b.id }))).toEqual(['parent_id']);
      expect(fieldsOf(await patch(a.id, { parent_id: c.id }))).toEqual(['parent_id']);
      const moved = expectSuccess(await patch(c.id, { parent_id: a.id, comment: 'moved' }));
      expect(moved).toMatchObject({ parent_id: a.id, comment: 'moved' });
      expect(expectSuccess(await patch(b.id, { parent_id: null })).parent_id).toBeNull();
      expect(expectSuccess(await patch(a.id, { parent_id: b.id })).parent_id).toBe(b.id);
    });

    it('two concurrent moves can never close a cycle: one wins, the other is 400', async () => {
      const { owner, company, base } = await ownedCompany();
      for (let round = 0; round < 5; round++) {
        const a = await newCategory(t.http, owner, company.id);
        const b = await newCategory(t.http, owner, company.id);
        const [first, second] = await Promise.all([
          t.http.patch(`${base}/catalog/categories/${a.id}`).set(owner.auth).send({ parent_id: b.id }),
          t.http.patch(`${base}/catalog/categories/${b.id}`).set(owner.auth).send({ parent_id: a.id }),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 400]);
      }
    });

    it("another company's category as parent is 400; in the path it is 404", async () => {
      const { owner, company, base } = await ownedCompany();
      const stranger = await ownedCompany();
      const foreign = await newCategory(t.http, stranger.owner, stranger.company.id);
      const mine = await newCategory(t.http, owner, company.id);
      expect(
        fieldsOf(
          await t.http.post(`${base}/catalog/categories`).set(owner.auth).send({ name: 'X', parent_id: foreign.id }),
        ),
      ).toEqual(['parent_id']);
      expect(
        fieldsOf(
          await t.http.patch(`${base}/catalog/categories/${mine.id}`).set(owner.auth).send({ parent_id: foreign.id }),
        ),
      ).toEqual(['parent_id']);
      expect(
        fieldsOf(
          await t.http.post(`${base}/catalog/categories`).set(owner.auth).send({ name: 'Y', parent_id: randomUUID() }),
        ),
      ).toEqual(['parent_id']);
      for (const path of ['', '/activate', '/deactivate']) {
        const method = path ? 'post' : 'get';
        expectError(
          await t.http[method](`${base}/catalog/categories/${foreign.id}${path}`).set(owner.auth),
          404,
          'not_found',
        );
      }
      expectError(
        await t.http.patch(`${base}/catalog/categories/${foreign.id}`).set(owner.auth).send({ name: 'Mine now' }),
        404,
        'not_found',
      );
      expectError(await t.http.get(`${base}/catalog/categories/not-a-uuid`).set(owner.auth), 400, 'validation_failed');
    });

    it('activates and deactivates; unknown fields and empty names are 400; changes are audited', async () => {
      const { owner, company, base } = await ownedCompany();
      const category = await newCategory(t.http, owner, company.id);
      const off = expectSuccess(
        await t.http.post(`${base}/catalog/categories/${category.id}/deactivate`).set(owner.auth),
      );
      expect(off.status).toBe('inactive');
      const on = expectSuccess(await t.http.post(`${base}/catalog/categories/${category.id}/activate`).set(owner.auth));
      expect(on.status).toBe('active');
      expect(fieldsOf(await t.http.post(`${base}/catalog/categories`).set(owner.auth).send({ name: '  ' }))).toEqual([
        'name',
      ]);
      expectError(
        await t.http.post(`${base}/catalog/categories`).set(owner.auth).send({ name: 'Z', status: 'inactive' }),
        400,
        'validation_failed',
      );
      const keys = (await auditRecords(db, company.id)).map((record) => `${record.key}:${record.status}`);
      expect(keys).toEqual([
        'wm.catalog.categories.create:success',
        'wm.catalog.categories.update:success',
        'wm.catalog.categories.update:success',
      ]);
    });
  });

  describe('units', () => {
    it('creates each kind of unit with every field; lists by name with filters and search', async () => {
      const { owner, company, base } = await ownedCompany();
      const category = await newCategory(t.http, owner, company.id);
      const other = await newCategory(t.http, owner, company.id);
      const fifo = await newUnit(t.http, owner, company.id, { name: 'Bolt', category_id: category.id, comment: 'M8' });
      expect(fifo).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Bolt',
        comment: 'M8',
        type: 'product',
        status: 'active',
        inventory_type: 'tracked',
        tracking_detail: 'batch',
        tracked_type: 'fifo',
        unit: 'pcs',
        sale_price: 150,
        purchase_price: 100,
        currency: 'RUB',
        category_id: category.id,
        metadata: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const serial = await newUnit(t.http, owner, company.id, {
        name: 'Drill',
        category_id: other.id,
        tracking_detail: 'serial',
        tracked_type: null,
        purchase_price: 0.00000001,
        sale_price: 0.5,
        currency: 'BTC',
      });
      expect(serial).toMatchObject({ tracking_detail: 'serial', tracked_type: null, purchase_price: 0.00000001 });
      const untracked = await newUnit(t.http, owner, company.id, {
        name: 'Sand',
        category_id: category.id,
        inventory_type: 'untracked',
        tracking_detail: undefined,
        tracked_type: undefined,
        purchase_price: undefined,
        unit: 'kg',
      });
      expect(untracked).toMatchObject({ tracking_detail: null, tracked_type: null, purchase_price: null, unit: 'kg' });
      const service = await newUnit(t.http, owner, company.id, {
        name: 'Assembly',
        category_id: category.id,
        type: 'service',
        inventory_type: 'untracked',
        tracking_detail: null,
        tracked_type: null,
        purchase_price: null,
      });
      expect(service.type).toBe('service');
      expect(expectSuccess(await t.http.get(`${base}/catalog/units/${fifo.id}`).set(owner.auth))).toEqual(fifo);

      const names = async (query = '') =>
        expectPage(await t.http.get(`${base}/catalog/units${query}`).set(owner.auth), 'units').items.map(
          (unit) => unit.name,
        );
      expect(await names()).toEqual(['Assembly', 'Bolt', 'Drill', 'Sand']);
      expect(await names('?type=service')).toEqual(['Assembly']);
      expect(await names('?inventory_type=untracked')).toEqual(['Assembly', 'Sand']);
      expect(await names('?tracking_detail=serial')).toEqual(['Drill']);
      expect(await names(`?category_id=${other.id}`)).toEqual(['Drill']);
      expect(await names('?search=m8')).toEqual(['Bolt']);
      expectSuccess(await t.http.post(`${base}/catalog/units/${service.id}/deactivate`).set(owner.auth));
      expect(await names('?status=inactive')).toEqual(['Assembly']);
      expectError(
        await t.http.get(`${base}/catalog/units?tracking_detail=x`).set(owner.auth),
        400,
        'validation_failed',
      );
    });

    describe('each broken rule is a 400 naming its field', () => {
      const cases: Array<[string, Record<string, unknown>, string[]]> = [
        ['a tracked service', { type: 'service' }, ['inventory_type']],
        ['tracked without tracking_detail', { tracking_detail: null, tracked_type: null }, ['tracking_detail']],
        [
          'untracked with tracking_detail',
          { inventory_type: 'untracked', tracking_detail: 'serial', tracked_type: null, purchase_price: null },
          ['tracking_detail'],
        ],
        ['batch without tracked_type', { tracked_type: null }, ['tracked_type']],
        ['serial with tracked_type', { tracking_detail: 'serial' }, ['tracked_type']],
        [
          'untracked with tracked_type',
          { inventory_type: 'untracked', tracking_detail: null, purchase_price: null },
          ['tracked_type'],
        ],
        ['tracked without purchase_price', { purchase_price: null }, ['purchase_price']],
        [
          'untracked with purchase_price',
          { inventory_type: 'untracked', tracking_detail: null, tracked_type: null },
          ['purchase_price'],
        ],
        ['an unknown unit of measure', { unit: 'box' }, ['unit']],
        ['an unknown type', { type: 'thing' }, ['type']],
        ['an unknown inventory_type', { inventory_type: 'maybe' }, ['inventory_type']],
        ['an unknown tracking_detail', { tracking_detail: 'lot' }, ['tracking_detail']],
        ['an unknown tracked_type', { tracked_type: 'random' }, ['tracked_type']],
        ['an unknown currency', { currency: 'XXX' }, ['currency']],
        ['a sale price with 3 decimals in RUB', { sale_price: 1.005 }, ['sale_price']],
        ['a negative sale price', { sale_price: -1 }, ['sale_price']],
        ['a purchase price with 3 decimals in RUB', { purchase_price: 1.005 }, ['purchase_price']],
        ['a price as a string', { sale_price: '10' }, ['sale_price']],
        ['16 significant digits', { sale_price: 12345678901234.56 }, ['sale_price']],
        ['an unknown category', { category_id: randomUUID() }, ['category_id']],
        ['no category', { category_id: undefined }, ['category_id']],
      ];
      it.each(cases)('%s', async (_name, overrides, fields) => {
        const { owner, company, base } = await ownedCompany();
        const category = await newCategory(t.http, owner, company.id);
        const res = await t.http
          .post(`${base}/catalog/units`)
          .set(owner.auth)
          .send(trackedUnitBody(category.id, overrides));
        expect(fieldsOf(res)).toEqual(fields);
      });
    });

    it('PATCH holds the rules for the unit as it would be, and changes only what is sent', async () => {
      const { owner, company, base } = await ownedCompany();
      const unit = await newUnit(t.http, owner, company.id);
      const patch = (body: object) => t.http.patch(`${base}/catalog/units/${unit.id}`).set(owner.auth).send(body);
      expect(fieldsOf(await patch({ inventory_type: 'untracked' }))).toEqual(['purchase_price', 'tracking_detail']);
      expect(fieldsOf(await patch({ type: 'service' }))).toEqual(['inventory_type']);
      expect(fieldsOf(await patch({ tracking_detail: 'serial' }))).toEqual(['tracked_type']);
      expect(fieldsOf(await patch({ name: null }))).toEqual(['name']);
      const cents = expectSuccess(await patch({ sale_price: 0.01, currency: 'USD' }));
      expect(cents).toMatchObject({ sale_price: 0.01, currency: 'USD', name: unit.name });
      const btc = expectSuccess(await patch({ currency: 'BTC', sale_price: 0.12345678 }));
      expect(btc.sale_price).toBe(0.12345678);
      // The stored price no longer fits when the currency alone changes back.
      expect(fieldsOf(await patch({ currency: 'RUB' }))).toEqual(['sale_price']);
      const untracked = expectSuccess(
        await patch({ inventory_type: 'untracked', tracking_detail: null, tracked_type: null, purchase_price: null }),
      );
      expect(untracked).toMatchObject({ inventory_type: 'untracked', tracking_detail: null, purchase_price: null });
      const lifo = expectSuccess(
        await patch({ inventory_type: 'tracked', tracking_detail: 'batch', tracked_type: 'lifo', purchase_price: 1 }),
      );
      expect(lifo).toMatchObject({ tracked_type: 'lifo', purchase_price: 1 });
      expect(expectSuccess(await patch({})).updated_at).toBe(lifo.updated_at);
    });

    it("another company's category in the body is 400; its unit in the path is 404", async () => {
      const { owner, company, base } = await ownedCompany();
      const stranger = await ownedCompany();
      const foreignCategory = await newCategory(t.http, stranger.owner, stranger.company.id);
      const foreignUnit = await newUnit(t.http, stranger.owner, stranger.company.id);
      const mine = await newUnit(t.http, owner, company.id);
      expect(
        fieldsOf(await t.http.post(`${base}/catalog/units`).set(owner.auth).send(trackedUnitBody(foreignCategory.id))),
      ).toEqual(['category_id']);
      expect(
        fieldsOf(
          await t.http
            .patch(`${base}/catalog/units/${mine.id}`)
            .set(owner.auth)
            .send({ category_id: foreignCategory.id }),
        ),
      ).toEqual(['category_id']);
      expectError(await t.http.get(`${base}/catalog/units/${foreignUnit.id}`).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.patch(`${base}/catalog/units/${foreignUnit.id}`).set(owner.auth).send({ name: 'x' }),
        404,
        'not_found',
      );
      expectError(
        await t.http.post(`${base}/catalog/units/${foreignUnit.id}/activate`).set(owner.auth),
        404,
        'not_found',
      );
    });
  });

  describe('permissions', () => {
    it('each route needs its code: a member without it gets 403, with it succeeds', async () => {
      const { owner, company, base } = await ownedCompany();
      const reader = await newAccount(t.http, 'wm-reader');
      await addMember(db, company.id, reader as TestAccount, ['wm.catalog.categories', 'wm.catalog.units']);
      const category = await newCategory(t.http, owner, company.id);
      expectSuccess(await t.http.get(`${base}/catalog/categories`).set(reader.auth));
      expectSuccess(await t.http.get(`${base}/catalog/units`).set(reader.auth));
      expectError(
        await t.http.post(`${base}/catalog/categories`).set(reader.auth).send({ name: 'N' }),
        403,
        'forbidden',
      );
      expectError(
        await t.http.patch(`${base}/catalog/categories/${category.id}`).set(reader.auth).send({ name: 'N' }),
        403,
        'forbidden',
      );
      expectError(
        await t.http.post(`${base}/catalog/units`).set(reader.auth).send(trackedUnitBody(category.id)),
        403,
        'forbidden',
      );
      const writer = await newAccount(t.http, 'wm-writer');
      await addMember(db, company.id, writer, ['wm.catalog.units.create']);
      expectSuccess(
        await t.http.post(`${base}/catalog/units`).set(writer.auth).send(trackedUnitBody(category.id)),
        201,
      );
      expectError(await t.http.get(`${base}/catalog/units`).set(writer.auth), 403, 'forbidden');
    });
  });
});
