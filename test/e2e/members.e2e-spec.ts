/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMember, joinByInvitation, newAccount, newCompany, TestAccount, auditRecords } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP } from '../support/expectations';
import { hrm, membersOf, moduleOf } from '../support/urls';

describe('Members', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  const removalOf = (companyId: string, accountId: string) => `${moduleOf(companyId, 'accounts')}/${accountId}`;
  const cardOf = (companyId: string, employeeId: string) => `${hrm(companyId)}/employees/${employeeId}`;

  /** An owner with a company and one member holding `codes`. */
  async function companyWithMember(codes: string[] = []) {
    const owner = await newAccount(t.http, 'owner', 'Olga Owner');
    const company = await newCompany(t.http, owner);
    const member = await newAccount(t.http, 'member', 'Max Member');
    const { employeeId } = await addMember(db, company.id, member, codes);
    return { owner, company, member, employeeId };
  }

  describe('GET /companies/{id}/accounts', () => {
    it('lists every member with every field, most recently joined first', async () => {
      const { owner, company, member } = await companyWithMember();
      const { items, pagination } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'accounts');
      expect(pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items).toEqual([
        {
          id: member.id,
          name: 'Max Member',
          email: member.email,
          status: expect.any(String),
          avatar_url: null,
          created_at: expect.stringMatching(TIMESTAMP),
          role_code: 'guest',
          joined_at: expect.stringMatching(TIMESTAMP),
        },
        {
          id: owner.id,
          name: 'Olga Owner',
          email: owner.email,
          status: expect.any(String),
          avatar_url: null,
          created_at: expect.stringMatching(TIMESTAMP),
          role_code: 'owner',
          joined_at: company.joined_at,
        },
      ]);
    });

    it('pages with page and limit; out-of-range values get 400', async () => {
      const { owner, company, member } = await companyWithMember();
      const third = await newAccount(t.http, 'third');
      await addMember(db, company.id, third);

      const first = expectPage(await t.http.get(`${membersOf(company.id)}?limit=2`).set(owner.auth), 'accounts');
      expect(first.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2, total_exact: true });
      expect(first.items.map((m) => m.id)).toEqual([third.id, member.id]);
      const second = expectPage(
        await t.http.get(`${membersOf(company.id)}?limit=2&page=2`).set(owner.auth),
        'accounts',
      );
      expect(second.items.map((m) => m.id)).toEqual([owner.id]);
      const beyond = expectPage(await t.http.get(`${membersOf(company.id)}?page=9`).set(owner.auth), 'accounts');
      expect(beyond.items).toEqual([]);

      for (const query of ['page=0', 'limit=0', 'limit=101', 'page=x']) {
        expectError(await t.http.get(`${membersOf(company.id)}?${query}`).set(owner.auth), 400, 'validation_failed');
      }
    });

    it('is open to a member holding accounts; 403 without it', async () => {
      const { company, member } = await companyWithMember(['accounts']);
      expect(expectPage(await t.http.get(membersOf(company.id)).set(member.auth), 'accounts').items).toHaveLength(2);

      const other = await newAccount(t.http, 'noperm');
      await addMember(db, company.id, other, ['accounts.delete']);
      expectError(await t.http.get(membersOf(company.id)).set(other.auth), 403, 'forbidden');
    });

    it('401 without a credential, 404 for a non-member or an unknown company, 400 for a non-UUID id', async () => {
      const { company } = await companyWithMember();
      const stranger = await newAccount(t.http, 'stranger');
      expectError(await t.http.get(membersOf(company.id)), 401, 'unauthorized');
      expectError(await t.http.get(membersOf(company.id)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(membersOf(randomUUID())).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(membersOf('not-a-uuid')).set(stranger.auth), 400, 'validation_failed');
    });
  });

  describe('DELETE /companies/{id}/modules/accounts/{accountId}', () => {
    it('removes the member, unlinks their employee card, and audits it; they lose the company', async () => {
      const { owner, company, member, employeeId } = await companyWithMember(['accounts']);
      expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(member.auth));
      expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(member.auth)).organizations_count).toBe(1);

      const res = await t.http.delete(removalOf(company.id, member.id)).set(owner.auth);
      expect(expectSuccess(res)).toEqual({ account_id: member.id, removed: true });

      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'accounts');
      expect(items.map((m) => m.id)).toEqual([owner.id]);
      const card = expectSuccess(await t.http.get(cardOf(company.id, employeeId)).set(owner.auth));
      expect(card).toMatchObject({ is_account_linked: false, account_id: null, linked_at: null });

      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(member.auth), 404, 'not_found');
      expectError(await t.http.get(membersOf(company.id)).set(member.auth), 404, 'not_found');
      expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(member.auth)).organizations_count).toBe(0);

      expect(await auditRecords(db, company.id, 'accounts.delete')).toEqual([
        {
          key: 'accounts.delete',
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'DELETE',
            path: `/api/v1/companies/${company.id}/modules/accounts/${member.id}`,
            ids: { accountId: member.id },
          }),
        },
      ]);
    });

    it('removes a member who joined by invitation (no employee card)', async () => {
      const owner = await newAccount(t.http, 'owner');
      const company = await newCompany(t.http, owner);
      const joiner = await newAccount(t.http, 'joiner');
      await joinByInvitation(t.http, owner, company.id, joiner);
      expectSuccess(await t.http.delete(removalOf(company.id, joiner.id)).set(owner.auth));
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(joiner.auth), 404, 'not_found');
    });

    it('leaves the employee cards of other companies linked', async () => {
      const { owner, company, member } = await companyWithMember();
      const otherOwner = await newAccount(t.http, 'other');
      const otherCompany = await newCompany(t.http, otherOwner);
      const { employeeId } = await addMember(db, otherCompany.id, member);

      expectSuccess(await t.http.delete(removalOf(company.id, member.id)).set(owner.auth));
      const card = expectSuccess(await t.http.get(cardOf(otherCompany.id, employeeId)).set(otherOwner.auth));
      expect(card).toMatchObject({
        is_account_linked: true,
        account_id: member.id,
        linked_at: expect.stringMatching(TIMESTAMP),
      });
      expectSuccess(await t.http.get(`/api/v1/companies/${otherCompany.id}`).set(member.auth));
    });

    it('409 for the owner, with an error record in the audit log', async () => {
      const { owner, company, member } = await companyWithMember(['accounts.delete']);
      for (const caller of [owner, member]) {
        expectError(await t.http.delete(removalOf(company.id, owner.id)).set(caller.auth), 409, 'conflict');
      }
      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'accounts');
      expect(items).toHaveLength(2);

      const records = await auditRecords(db, company.id, 'accounts.delete');
      expect(records).toHaveLength(2);
      expect(records[0]).toEqual({
        key: 'accounts.delete',
        status: 'error',
        account_id: owner.id,
        metadata: expect.objectContaining({
          method: 'DELETE',
          ids: { accountId: owner.id },
          error: { code: 'conflict', message: expect.any(String) },
        }),
      });
    });

    it('404 for an account that is not a member, and on removing twice', async () => {
      const { owner, company, member } = await companyWithMember();
      const outsider = await newAccount(t.http, 'outsider');
      expectError(await t.http.delete(removalOf(company.id, outsider.id)).set(owner.auth), 404, 'not_found');
      expectError(await t.http.delete(removalOf(company.id, randomUUID())).set(owner.auth), 404, 'not_found');

      expectSuccess(await t.http.delete(removalOf(company.id, member.id)).set(owner.auth));
      expectError(await t.http.delete(removalOf(company.id, member.id)).set(owner.auth), 404, 'not_found');
    });

    it('a member holding accounts.delete may remove another; 403 (audited) without it', async () => {
      const { owner, company, member } = await companyWithMember(['accounts.delete']);
      const plain = await newAccount(t.http, 'plain');
      await addMember(db, company.id, plain, ['accounts']);

      expectError(await t.http.delete(removalOf(company.id, member.id)).set(plain.auth), 403, 'forbidden');
      expect(await auditRecords(db, company.id, 'accounts.delete')).toEqual([
        expect.objectContaining({ status: 'error', account_id: plain.id }),
      ]);

      expectSuccess(await t.http.delete(removalOf(company.id, plain.id)).set(member.auth));
      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'accounts');
      expect(items.map((m) => m.id).sort()).toEqual([owner.id, member.id].sort());
    });

    it('401 without a credential, 404 for a non-member, 400 for non-UUID ids', async () => {
      const { owner, company, member } = await companyWithMember();
      const stranger: TestAccount = await newAccount(t.http, 'stranger');
      expectError(await t.http.delete(removalOf(company.id, member.id)), 401, 'unauthorized');
      expectError(await t.http.delete(removalOf(company.id, member.id)).set(stranger.auth), 404, 'not_found');
      const bad = expectError(
        await t.http.delete(removalOf(company.id, 'not-a-uuid')).set(owner.auth),
        400,
        'validation_failed',
      );
      expect(bad.error.details).toEqual([{ field: 'accountId', message: 'must be a UUID' }]);
      expectError(await t.http.delete(removalOf('nope', member.id)).set(owner.auth), 400, 'validation_failed');
      expect(await auditRecords(db, company.id, 'accounts.delete')).toEqual([]);
    });
  });

  describe('GET /companies/{id}/accounts filters and GET /companies/{id}/accounts/{accountId}', () => {
    it('filters by search (name or e-mail) and role; unknown roles are 400', async () => {
      const { owner, company, member } = await companyWithMember();
      const list = async (query: string) =>
        expectPage(await t.http.get(`${membersOf(company.id)}?${query}`).set(owner.auth), 'accounts');
      expect((await list('search=max')).items.map((m) => m.id)).toEqual([member.id]);
      expect((await list(`search=${encodeURIComponent(owner.email.toUpperCase())}`)).items.map((m) => m.id)).toEqual([
        owner.id,
      ]);
      const owners = await list('role=owner');
      expect(owners.items.map((m) => m.id)).toEqual([owner.id]);
      expect(owners.pagination).toMatchObject({ total: 1 });
      expect((await list('role=member&search=olga')).items).toEqual([]);
      // The platform's names: `guest` is a member, `all` every member.
      expect((await list('role=guest')).items.map((m) => m.id)).toEqual([member.id]);
      expect((await list('role=all')).items.map((m) => m.id)).toEqual([member.id, owner.id]);
      expectError(await t.http.get(`${membersOf(company.id)}?role=boss`).set(owner.auth), 400, 'validation_failed');
    });

    it('answers one member; 404 for an account that is not a member; 400 for a non-UUID', async () => {
      const { owner, company, member } = await companyWithMember();
      const outsider = await newAccount(t.http, 'detailoutsider');
      expect(expectSuccess(await t.http.get(`${membersOf(company.id)}/${member.id}`).set(owner.auth))).toEqual({
        id: member.id,
        name: 'Max Member',
        email: member.email,
        status: expect.any(String),
        avatar_url: null,
        created_at: expect.stringMatching(TIMESTAMP),
        role_code: 'guest',
        joined_at: expect.stringMatching(TIMESTAMP),
      });
      expectError(await t.http.get(`${membersOf(company.id)}/${outsider.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(`${membersOf(company.id)}/nope`).set(owner.auth), 400, 'validation_failed');
      expectError(await t.http.get(`${membersOf(company.id)}/${member.id}`).set(outsider.auth), 404, 'not_found');
    });
  });

  describe('member settings and permissions (/companies/{id}/modules/accounts/{accountId})', () => {
    const settingsOf = (companyId: string, accountId: string) =>
      `/api/v1/companies/${companyId}/modules/accounts/${accountId}/settings`;
    const permissionsOf = (companyId: string, accountId: string) =>
      `/api/v1/companies/${companyId}/modules/accounts/${accountId}/permissions`;

    it("answers the caller's own effective permissions as [{code}]", async () => {
      const { owner, company, member } = await companyWithMember(['logs', 'crm.clients']);
      expect(expectSuccess(await t.http.get(permissionsOf(company.id, member.id)).set(member.auth))).toEqual([
        { code: 'crm.clients' },
        { code: 'logs' },
      ]);
      const mine = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(owner.auth));
      expect(expectSuccess(await t.http.get(permissionsOf(company.id, owner.id)).set(owner.auth))).toEqual(
        mine.permissions.map((code: string) => ({ code })),
      );
    });

    it("another member's permissions need accounts.settings; 404 for a non-member", async () => {
      const { owner, company, member } = await companyWithMember(['logs']);
      const outsider = await newAccount(t.http, 'permoutsider');
      expect(expectSuccess(await t.http.get(permissionsOf(company.id, member.id)).set(owner.auth))).toEqual([
        { code: 'logs' },
      ]);
      expectError(await t.http.get(permissionsOf(company.id, owner.id)).set(member.auth), 403, 'forbidden');
      expectError(await t.http.get(permissionsOf(company.id, outsider.id)).set(owner.auth), 404, 'not_found');
      expectError(await t.http.get(permissionsOf(company.id, member.id)).set(outsider.auth), 404, 'not_found');
    });

    it('settings start empty; PATCH changes the fields sent, adjusts the member’s codes, and is audited', async () => {
      const { owner, company, member } = await companyWithMember(['logs', 'crm.clients']);
      expect(expectSuccess(await t.http.get(settingsOf(company.id, member.id)).set(owner.auth))).toEqual({
        account_id: member.id,
        increase_permissions: null,
        reduce_permissions: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      const changed = expectSuccess(
        await t.http
          .patch(settingsOf(company.id, member.id))
          .set(owner.auth)
          .send({ increase_permissions: ['docs', 'docs', 'accounts'], reduce_permissions: ['crm.clients'] }),
      );
      expect(changed).toMatchObject({
        account_id: member.id,
        increase_permissions: ['accounts', 'docs'],
        reduce_permissions: ['crm.clients'],
      });
      expect(expectSuccess(await t.http.get(permissionsOf(company.id, member.id)).set(member.auth))).toEqual([
        { code: 'accounts' },
        { code: 'docs' },
        { code: 'logs' },
      ]);
      // The gate follows: the reduced code is refused, an added one works.
      expectError(
        await t.http.get(`/api/v1/companies/${company.id}/modules/crm/clients`).set(member.auth),
        403,
        'forbidden',
      );
      expectSuccess(await t.http.get(membersOf(company.id)).set(member.auth));

      const cleared = expectSuccess(
        await t.http.patch(settingsOf(company.id, member.id)).set(owner.auth).send({ reduce_permissions: null }),
      );
      expect(cleared).toMatchObject({ increase_permissions: ['accounts', 'docs'], reduce_permissions: null });
      expect(await auditRecords(db, company.id, 'accounts.settings.update')).toEqual([
        expect.objectContaining({ status: 'success', account_id: owner.id }),
        expect.objectContaining({ status: 'success', account_id: owner.id }),
      ]);
    });

    it('PATCH refuses codes outside the catalog (400) and needs accounts.settings.update (403)', async () => {
      const { owner, company, member } = await companyWithMember(['accounts.settings']);
      const bad = expectError(
        await t.http
          .patch(settingsOf(company.id, member.id))
          .set(owner.auth)
          .send({ increase_permissions: ['nope'] }),
        400,
        'validation_failed',
      );
      expect(bad.error.details[0].field).toMatch(/^increase_permissions/);
      expectSuccess(await t.http.get(settingsOf(company.id, member.id)).set(member.auth));
      expectError(
        await t.http
          .patch(settingsOf(company.id, member.id))
          .set(member.auth)
          .send({ increase_permissions: ['logs'] }),
        403,
        'forbidden',
      );
      const outsider = await newAccount(t.http, 'setoutsider');
      expectError(await t.http.get(settingsOf(company.id, outsider.id)).set(owner.auth), 404, 'not_found');
    });

    it('removing the member removes their settings', async () => {
      const { owner, company, member } = await companyWithMember();
      expectSuccess(
        await t.http
          .patch(settingsOf(company.id, member.id))
          .set(owner.auth)
          .send({ increase_permissions: ['logs'] }),
      );
      expectSuccess(await t.http.delete(removalOf(company.id, member.id)).set(owner.auth));
      expect(
        await db.query(`SELECT 1 FROM company_member_settings WHERE company_id = $1 AND account_id = $2`, [
          company.id,
          member.id,
        ]),
      ).toEqual([]);
    });
  });
});
