/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { auditRecords, joinByInvitation, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { hrm } from '../support/urls';

const EMPLOYEE_KEYS = [
  'account_id',
  'created_at',
  'email',
  'first_name',
  'id',
  'is_account_linked',
  'last_name',
  'linked_at',
  'phone',
  'status',
  'updated_at',
];
const POSITION_KEYS = ['created_at', 'description', 'id', 'name', 'permissions', 'updated_at'];

describe('HRM employees and positions', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  /** An owner, their company, and shortcuts to its HRM routes as the owner. */
  async function hrmCompany(label = 'hrm') {
    const owner = await newAccount(t.http, `${label}-owner`);
    const company = await newCompany(t.http, owner);
    const base = hrm(company.id);
    const as = (who: TestAccount = owner) => ({
      get: (path: string) => t.http.get(`${base}${path}`).set(who.auth),
      post: (path: string, body: object = {}) => t.http.post(`${base}${path}`).set(who.auth).send(body),
      patch: (path: string, body: object) => t.http.patch(`${base}${path}`).set(who.auth).send(body),
      delete: (path: string) => t.http.delete(`${base}${path}`).set(who.auth),
    });
    const api = as(owner);
    const employee = async (body: object = { first_name: 'Anna' }) =>
      expectSuccess(await api.post('/employees', body), 201);
    const position = async (body: object = { name: 'Clerk' }) => expectSuccess(await api.post('/positions', body), 201);
    return { owner, company, base, as, api, employee, position };
  }

  describe('employees', () => {
    it('POST creates an active, unlinked card (201) with every field; the person needs no account', async () => {
      const { api } = await hrmCompany();
      const created = expectSuccess(
        await api.post('/employees', {
          first_name: '  Иван ',
          last_name: 'Петров',
          email: 'Ivan.Petrov@Example.COM',
          phone: '+7 (495) 123-45-67',
        }),
        201,
      );
      expect(Object.keys(created).sort()).toEqual(EMPLOYEE_KEYS);
      expect(created).toEqual({
        id: expect.stringMatching(UUID),
        first_name: 'Иван',
        last_name: 'Петров',
        email: 'ivan.petrov@example.com',
        phone: '+7 (495) 123-45-67',
        status: 'active',
        is_account_linked: false,
        account_id: null,
        linked_at: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: created.created_at,
      });
      const minimal = expectSuccess(await api.post('/employees', { first_name: 'Solo' }), 201);
      expect(minimal).toMatchObject({ last_name: null, email: null, phone: null });
    });

    it('POST: 400 naming each invalid field, unknown fields included; nothing is created', async () => {
      const { api } = await hrmCompany();
      const cases: Array<[object, string[]]> = [
        [{}, ['first_name']],
        [{ first_name: '   ' }, ['first_name']],
        [{ first_name: 'x'.repeat(101) }, ['first_name']],
        [{ first_name: 'A', email: 'not-an-email' }, ['email']],
        [{ first_name: 'A', phone: 'call me' }, ['phone']],
        [{ first_name: 'A', status: 'inactive' }, ['status']],
        [{ first_name: 'A', account_id: randomUUID() }, ['account_id']],
        [{ first_name: 42, last_name: 'x'.repeat(101) }, ['first_name', 'last_name']],
        // "" in an optional field is null (CONTRACT 17): only the required one is named.
        [{ first_name: '', last_name: '' }, ['first_name']],
      ];
      for (const [body, fields] of cases) {
        const res = expectError(await api.post('/employees', body), 400, 'validation_failed');
        expect([body, [...new Set(res.error.details.map((d: any) => d.field))].sort()]).toEqual([body, fields]);
      }
      expect(expectPage(await api.get('/employees'), 'employees').pagination.total).toBe(0);
    });

    it('GET one answers the detail with positions by name; 404 for an unknown or another company’s card', async () => {
      const { api, employee, position } = await hrmCompany();
      const card = await employee();
      const zeta = await position({ name: 'Zeta', permissions: ['hrm.employees'] });
      const alpha = await position({ name: 'Alpha', description: 'First', permissions: [] });
      for (const p of [zeta, alpha])
        expectSuccess(await api.post(`/employees/${card.id}/link-position`, { position_id: p.id }));

      const detail = expectSuccess(await api.get(`/employees/${card.id}`));
      expect(Object.keys(detail).sort()).toEqual([...EMPLOYEE_KEYS, 'positions'].sort());
      expect(detail.positions).toEqual([alpha, zeta]);
      expect(Object.keys(detail.positions[0]).sort()).toEqual(POSITION_KEYS);

      const other = await hrmCompany('other');
      const foreign = await other.employee();
      expectError(await api.get(`/employees/${foreign.id}`), 404, 'not_found');
      expectError(await api.get(`/employees/${randomUUID()}`), 404, 'not_found');
      expectError(await api.patch(`/employees/${foreign.id}`, { first_name: 'X' }), 404, 'not_found');
      expectError(await api.post(`/employees/${foreign.id}/deactivate`), 404, 'not_found');
      expectError(await api.get('/employees/not-a-uuid'), 400, 'validation_failed');
      expect(expectSuccess(await other.api.get(`/employees/${foreign.id}`)).first_name).toBe('Anna');
    });

    it('PATCH changes only the fields sent; null clears an optional one and is 400 for first_name', async () => {
      const { api, employee } = await hrmCompany();
      const card = await employee({ first_name: 'Anna', last_name: 'Old', email: 'a@example.com', phone: '12345' });
      const renamed = expectSuccess(await api.patch(`/employees/${card.id}`, { last_name: 'New' }));
      expect(renamed).toEqual({ ...card, last_name: 'New', updated_at: expect.stringMatching(TIMESTAMP) });
      expect(renamed.updated_at > card.updated_at).toBe(true);

      const cleared = expectSuccess(await api.patch(`/employees/${card.id}`, { email: null, phone: null }));
      expect(cleared).toMatchObject({ first_name: 'Anna', last_name: 'New', email: null, phone: null });

      expectError(await api.patch(`/employees/${card.id}`, { first_name: null }), 400, 'validation_failed');
      expectError(await api.patch(`/employees/${card.id}`, { status: 'inactive' }), 400, 'validation_failed');
      expectError(await api.patch(`/employees/${card.id}`, { email: 'nope' }), 400, 'validation_failed');
      const unchanged = expectSuccess(await api.patch(`/employees/${card.id}`, {}));
      expect(unchanged).toEqual(cleared);
    });

    it('deactivate and activate set the status (updated_at moves only on a change)', async () => {
      const { api, employee } = await hrmCompany();
      const card = await employee();
      const inactive = expectSuccess(await api.post(`/employees/${card.id}/deactivate`));
      expect(inactive).toMatchObject({ id: card.id, status: 'inactive' });
      expect(inactive.updated_at > card.updated_at).toBe(true);
      expect(expectSuccess(await api.post(`/employees/${card.id}/deactivate`))).toEqual(inactive);
      const active = expectSuccess(await api.post(`/employees/${card.id}/activate`));
      expect(active).toMatchObject({ status: 'active' });
    });

    describe('the list', () => {
      it('pages newest first; filters by status; 400 for out-of-range paging or an unknown status', async () => {
        const { api, employee } = await hrmCompany();
        const cards = [];
        for (const name of ['One', 'Two', 'Three']) cards.push(await employee({ first_name: name }));
        expectSuccess(await api.post(`/employees/${cards[1].id}/deactivate`));

        const first = expectPage(await api.get('/employees?limit=2'), 'employees');
        expect(first.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2, total_exact: true });
        expect(first.items.map((e) => e.first_name)).toEqual(['Three', 'Two']);
        expect(Object.keys(first.items[0]).sort()).toEqual(EMPLOYEE_KEYS);
        const second = expectPage(await api.get('/employees?limit=2&page=2'), 'employees');
        expect(second.items.map((e) => e.first_name)).toEqual(['One']);

        const inactive = expectPage(await api.get('/employees?status=inactive'), 'employees');
        expect(inactive.items.map((e) => e.id)).toEqual([cards[1].id]);
        const active = expectPage(await api.get('/employees?status=active'), 'employees');
        expect(active.items.map((e) => e.first_name)).toEqual(['Three', 'One']);

        for (const query of ['page=0', 'limit=0', 'limit=101', 'status=fired', `search=${'x'.repeat(101)}`]) {
          expectError(await api.get(`/employees?${query}`), 400, 'validation_failed');
        }
      });

      it('search matches first name, last name, e-mail or phone, case-insensitively, within the company', async () => {
        const { api, employee } = await hrmCompany();
        const anna = await employee({ first_name: 'Анна', last_name: 'Smirnova', email: 'anna@corp.example' });
        const boris = await employee({ first_name: 'Boris', last_name: 'Кузнецов', phone: '+7 900 555-12-34' });
        await employee({ first_name: 'Carl', email: 'carl_100%@corp.example' });
        const other = await hrmCompany('other');
        await other.employee({ first_name: 'Анна' });

        const found = async (term: string) =>
          expectPage(await api.get(`/employees?search=${encodeURIComponent(term)}`), 'employees').items.map(
            (e) => e.id,
          );
        expect(await found('анна')).toEqual([anna.id]);
        expect(await found('SMIRN')).toEqual([anna.id]);
        expect(await found('КУЗНЕЦ')).toEqual([boris.id]);
        expect(await found('ANNA@CORP')).toEqual([anna.id]);
        expect(await found('555-12')).toEqual([boris.id]);
        expect((await found('corp.example')).length).toBe(2);
        expect((await found('100%')).length).toBe(1);
        expect(await found('a%c')).toEqual([]);
        expect(await found('nobody')).toEqual([]);
        expect((await found('   ')).length).toBe(3);
        const both = expectPage(await api.get('/employees?search=corp&status=inactive'), 'employees');
        expect(both.pagination.total).toBe(0);
      });
    });
  });

  describe('link-account and unlink-account', () => {
    it("links a member's account (linked_at set) and unlinks it; linking it again changes nothing", async () => {
      const { owner, company, api, employee } = await hrmCompany();
      const member = await newAccount(t.http, 'linked');
      await joinByInvitation(t.http, owner, company.id, member);
      const card = await employee();

      const linked = expectSuccess(await api.post(`/employees/${card.id}/link-account`, { account_id: member.id }));
      expect(linked).toMatchObject({ is_account_linked: true, account_id: member.id });
      expect(linked.linked_at).toMatch(TIMESTAMP);
      expect(expectSuccess(await api.post(`/employees/${card.id}/link-account`, { account_id: member.id }))).toEqual(
        linked,
      );

      const unlinked = expectSuccess(await api.post(`/employees/${card.id}/unlink-account`));
      expect(unlinked).toMatchObject({ is_account_linked: false, account_id: null, linked_at: null });
      expect(expectSuccess(await api.post(`/employees/${card.id}/unlink-account`))).toEqual(unlinked);
      // The owner is a member too.
      expect(
        expectSuccess(await api.post(`/employees/${card.id}/link-account`, { account_id: owner.id })).account_id,
      ).toBe(owner.id);
    });

    it('404 when the account is not a member of this company (whatever it is elsewhere)', async () => {
      const { api, employee } = await hrmCompany();
      const card = await employee();
      const outsider = await newAccount(t.http, 'outsider');
      const elsewhere = await hrmCompany('elsewhere');
      await joinByInvitation(t.http, elsewhere.owner, elsewhere.company.id, outsider);
      for (const accountId of [outsider.id, elsewhere.owner.id, randomUUID()]) {
        const res = expectError(
          await api.post(`/employees/${card.id}/link-account`, { account_id: accountId }),
          404,
          'not_found',
        );
        expect(res.message).toBe('Member not found');
      }
      expect(expectSuccess(await api.get(`/employees/${card.id}`)).is_account_linked).toBe(false);
      expectError(await api.post(`/employees/${card.id}/link-account`, { account_id: 'x' }), 400, 'validation_failed');
      expectError(await api.post(`/employees/${card.id}/link-account`, {}), 400, 'validation_failed');
    });

    it('409 when the account has a card in the company already, or the card another account; both audited', async () => {
      const { owner, company, api, employee } = await hrmCompany();
      const first = await newAccount(t.http, 'first');
      const second = await newAccount(t.http, 'second');
      for (const member of [first, second]) await joinByInvitation(t.http, owner, company.id, member);
      const card = await employee();
      const spare = await employee({ first_name: 'Spare' });
      expectSuccess(await api.post(`/employees/${card.id}/link-account`, { account_id: first.id }));

      expectError(await api.post(`/employees/${spare.id}/link-account`, { account_id: first.id }), 409, 'conflict');
      expectError(await api.post(`/employees/${card.id}/link-account`, { account_id: second.id }), 409, 'conflict');
      expect(expectSuccess(await api.get(`/employees/${spare.id}`)).is_account_linked).toBe(false);
      expect(expectSuccess(await api.get(`/employees/${card.id}`)).account_id).toBe(first.id);

      // One card per account holds under concurrent links too.
      const racers = [await employee({ first_name: 'R1' }), await employee({ first_name: 'R2' })];
      const answers = await Promise.all(
        racers.map((r) => api.post(`/employees/${r.id}/link-account`, { account_id: second.id })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);

      const records = await auditRecords(db, company.id, 'hrm.employees.update');
      expect(records.filter((r) => r.status === 'error').map((r) => r.metadata.error.code)).toEqual([
        'conflict',
        'conflict',
        'conflict',
      ]);
      expect(records[0]).toEqual({
        key: 'hrm.employees.update',
        status: 'success',
        account_id: owner.id,
        metadata: expect.objectContaining({
          method: 'POST',
          path: `${hrm(company.id)}/employees/${card.id}/link-account`,
          ids: { employeeId: card.id },
          changes: { account_id: first.id },
        }),
      });
    });
  });

  describe('link-position and unlink-position', () => {
    it('answer the detail; linking twice or unlinking a position not held changes nothing', async () => {
      const { api, employee, position } = await hrmCompany();
      const card = await employee();
      const clerk = await position({ name: 'Clerk', permissions: ['hrm.employees'] });
      const linked = expectSuccess(await api.post(`/employees/${card.id}/link-position`, { position_id: clerk.id }));
      expect(linked).toEqual({ ...card, updated_at: expect.stringMatching(TIMESTAMP), positions: [clerk] });
      expect(expectSuccess(await api.post(`/employees/${card.id}/link-position`, { position_id: clerk.id }))).toEqual(
        linked,
      );
      const unlinked = expectSuccess(
        await api.post(`/employees/${card.id}/unlink-position`, { position_id: clerk.id }),
      );
      expect(unlinked.positions).toEqual([]);
      expect(expectSuccess(await api.post(`/employees/${card.id}/unlink-position`, { position_id: clerk.id }))).toEqual(
        unlinked,
      );
    });

    it('404 for a position of another company or an unknown one; 400 for a malformed id', async () => {
      const { api, employee } = await hrmCompany();
      const card = await employee();
      const other = await hrmCompany('other');
      const foreign = await other.position();
      for (const route of ['link-position', 'unlink-position']) {
        for (const positionId of [foreign.id, randomUUID()]) {
          const res = expectError(
            await api.post(`/employees/${card.id}/${route}`, { position_id: positionId }),
            404,
            'not_found',
          );
          expect(res.message).toBe('Position not found');
        }
        expectError(
          await api.post(`/employees/${card.id}/${route}`, { position_id: 'nope' }),
          400,
          'validation_failed',
        );
      }
      expect(expectSuccess(await api.get(`/employees/${card.id}`)).positions).toEqual([]);
    });
  });

  describe('positions', () => {
    it('POST 201 with every field; permissions stored once each, sorted; GET; list newest first with search by name', async () => {
      const { api, position } = await hrmCompany();
      const manager = expectSuccess(
        await api.post('/positions', {
          name: ' Manager ',
          description: 'Runs things',
          permissions: ['hrm.positions', 'accounts', 'hrm.positions'],
        }),
        201,
      );
      expect(Object.keys(manager).sort()).toEqual(POSITION_KEYS);
      expect(manager).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Manager',
        description: 'Runs things',
        permissions: ['accounts', 'hrm.positions'],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: manager.created_at,
      });
      const clerk = await position({ name: 'Senior clerk' });
      expect(clerk).toMatchObject({ description: null, permissions: [] });
      expect(expectSuccess(await api.get(`/positions/${manager.id}`))).toEqual(manager);

      const all = expectPage(await api.get('/positions'), 'positions');
      expect(all.items).toEqual([clerk, manager]);
      expect(all.pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(expectPage(await api.get('/positions?search=CLERK'), 'positions').items).toEqual([clerk]);
      expect(expectPage(await api.get('/positions?search=runs'), 'positions').items).toEqual([]);
      expect(expectPage(await api.get('/positions?limit=1&page=2'), 'positions').items).toEqual([manager]);
      expectError(await api.get('/positions?limit=500'), 400, 'validation_failed');
    });

    it('permissions may hold only catalog codes: 400 naming the field (create and PATCH)', async () => {
      const { api, position } = await hrmCompany();
      const res = expectError(
        await api.post('/positions', { name: 'Bad', permissions: ['hrm.employees', 'not.a.code'] }),
        400,
        'validation_failed',
      );
      expect(res.error.details).toEqual([{ field: 'permissions', message: expect.stringContaining('"not.a.code"') }]);
      for (const permissions of ['hrm.employees', [42], null, ['HRM.EMPLOYEES']]) {
        const bad = expectError(await api.post('/positions', { name: 'Bad', permissions }), 400, 'validation_failed');
        expect(bad.error.details.map((d: any) => d.field)).toContain('permissions');
      }
      const clerk = await position({ name: 'Clerk', permissions: ['hrm.employees'] });
      expectError(await api.patch(`/positions/${clerk.id}`, { permissions: ['nope'] }), 400, 'validation_failed');
      expectError(await api.post('/positions', { permissions: [] }), 400, 'validation_failed');
      expectError(await api.patch(`/positions/${clerk.id}`, { name: null }), 400, 'validation_failed');
      expect(expectPage(await api.get('/positions'), 'positions').items).toEqual([clerk]);
    });

    it('PATCH changes only the fields sent; DELETE answers {}, then 404; another company’s position is 404', async () => {
      const { api, position } = await hrmCompany();
      const clerk = await position({ name: 'Clerk', description: 'Desk', permissions: ['hrm.employees'] });
      const changed = expectSuccess(await api.patch(`/positions/${clerk.id}`, { permissions: ['hrm.positions'] }));
      expect(changed).toEqual({
        ...clerk,
        permissions: ['hrm.positions'],
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(expectSuccess(await api.patch(`/positions/${clerk.id}`, { description: null })).description).toBeNull();

      const other = await hrmCompany('other');
      const foreign = await other.position();
      expectError(await api.get(`/positions/${foreign.id}`), 404, 'not_found');
      expectError(await api.patch(`/positions/${foreign.id}`, { name: 'X' }), 404, 'not_found');
      expectError(await api.delete(`/positions/${foreign.id}`), 404, 'not_found');
      expect(expectSuccess(await other.api.get(`/positions/${foreign.id}`)).name).toBe('Clerk');

      expect(expectSuccess(await api.delete(`/positions/${clerk.id}`))).toEqual({});
      expectError(await api.get(`/positions/${clerk.id}`), 404, 'not_found');
      expectError(await api.delete(`/positions/${clerk.id}`), 404, 'not_found');
    });

    it('deleting a position keeps its employees, without it', async () => {
      const { api, employee, position } = await hrmCompany();
      const card = await employee();
      const kept = await position({ name: 'Kept' });
      const gone = await position({ name: 'Gone' });
      for (const p of [kept, gone])
        expectSuccess(await api.post(`/employees/${card.id}/link-position`, { position_id: p.id }));
      expectSuccess(await api.delete(`/positions/${gone.id}`));
      expect(expectSuccess(await api.get(`/employees/${card.id}`)).positions).toEqual([kept]);
    });
  });

  describe('audit', () => {
    it('every change writes one record with its permission; refusals (403, 409) write one with status error', async () => {
      const { owner, company, as, api, employee, position } = await hrmCompany();
      const card = await employee();
      const clerk = await position();
      expectSuccess(await api.patch(`/employees/${card.id}`, { last_name: 'L' }));
      expectSuccess(await api.post(`/employees/${card.id}/deactivate`));
      expectSuccess(await api.post(`/employees/${card.id}/activate`));
      expectSuccess(await api.post(`/employees/${card.id}/link-position`, { position_id: clerk.id }));
      expectSuccess(await api.post(`/employees/${card.id}/unlink-position`, { position_id: clerk.id }));
      expectSuccess(await api.post(`/employees/${card.id}/link-account`, { account_id: owner.id }));
      expectSuccess(await api.post(`/employees/${card.id}/unlink-account`));
      expectSuccess(await api.patch(`/positions/${clerk.id}`, { name: 'Clerk 2' }));
      expectSuccess(await api.delete(`/positions/${clerk.id}`));
      expectSuccess(await api.get('/employees'));
      expectSuccess(await api.get('/analysis/summary'));

      const member = await newAccount(t.http, 'refused');
      await joinByInvitation(t.http, owner, company.id, member);
      expectError(await as(member).post('/employees', { first_name: 'X' }), 403, 'forbidden');
      expectError(await as(member).delete(`/positions/${randomUUID()}`), 404, 'not_found');

      const records = (await auditRecords(db, company.id)).filter((r) => r.key.startsWith('hrm.'));
      expect(records.map((r) => [r.key, r.status, r.metadata.method, r.metadata.path.split('/hrm')[1]])).toEqual([
        ['hrm.employees.create', 'success', 'POST', '/employees'],
        ['hrm.positions.create', 'success', 'POST', '/positions'],
        ['hrm.employees.update', 'success', 'PATCH', `/employees/${card.id}`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/deactivate`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/activate`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/link-position`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/unlink-position`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/link-account`],
        ['hrm.employees.update', 'success', 'POST', `/employees/${card.id}/unlink-account`],
        ['hrm.positions.update', 'success', 'PATCH', `/positions/${clerk.id}`],
        ['hrm.positions.delete', 'success', 'DELETE', `/positions/${clerk.id}`],
        ['hrm.employees.create', 'error', 'POST', '/employees'],
      ]);
      expect(records[0].metadata).toMatchObject({ result_id: card.id, changes: { first_name: 'Anna' } });
      expect(records.at(-1)).toMatchObject({ account_id: member.id, metadata: { error: { code: 'forbidden' } } });
    });
  });
});
