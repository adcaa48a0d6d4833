import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMember, joinByInvitation, newAccount, newCompany, TestAccount, auditRecords } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP } from '../support/expectations';

describe('Members', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const membersOf = (companyId: string) => `/api/v1/companies/${companyId}/members`;
  const cardOf = (companyId: string, employeeId: string) =>
    `/api/v1/companies/${companyId}/modules/hrm/employees/${employeeId}`;

  /** An owner with a company and one member holding `codes`. */
  async function companyWithMember(codes: string[] = []) {
    const owner = await newAccount(t.http, 'owner', 'Olga Owner');
    const company = await newCompany(t.http, owner);
    const member = await newAccount(t.http, 'member', 'Max Member');
    const { employeeId } = await addMember(db, company.id, member, codes);
    return { owner, company, member, employeeId };
  }

  describe('GET /companies/{id}/members', () => {
    it('lists every member with every field, most recently joined first', async () => {
      const { owner, company, member } = await companyWithMember();
      const { items, pagination } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'members');
      expect(pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items).toEqual([
        {
          account_id: member.id,
          name: 'Max Member',
          email: member.email,
          role: 'member',
          joined_at: expect.stringMatching(TIMESTAMP),
        },
        {
          account_id: owner.id,
          name: 'Olga Owner',
          email: owner.email,
          role: 'owner',
          joined_at: company.joined_at,
        },
      ]);
    });

    it('pages with page and limit; out-of-range values get 400', async () => {
      const { owner, company, member } = await companyWithMember();
      const third = await newAccount(t.http, 'third');
      await addMember(db, company.id, third);

      const first = expectPage(await t.http.get(`${membersOf(company.id)}?limit=2`).set(owner.auth), 'members');
      expect(first.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2, total_exact: true });
      expect(first.items.map((m) => m.account_id)).toEqual([third.id, member.id]);
      const second = expectPage(await t.http.get(`${membersOf(company.id)}?limit=2&page=2`).set(owner.auth), 'members');
      expect(second.items.map((m) => m.account_id)).toEqual([owner.id]);
      const beyond = expectPage(await t.http.get(`${membersOf(company.id)}?page=9`).set(owner.auth), 'members');
      expect(beyond.items).toEqual([]);

      for (const query of ['page=0', 'limit=0', 'limit=101', 'page=x']) {
        expectError(await t.http.get(`${membersOf(company.id)}?${query}`).set(owner.auth), 400, 'validation_failed');
      }
    });

    it('is open to a member holding accounts; 403 without it', async () => {
      const { company, member } = await companyWithMember(['accounts']);
      expect(expectPage(await t.http.get(membersOf(company.id)).set(member.auth), 'members').items).toHaveLength(2);

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

  describe('DELETE /companies/{id}/members/{accountId}', () => {
    it('removes the member, unlinks their employee card, and audits it; they lose the company', async () => {
      const { owner, company, member, employeeId } = await companyWithMember(['accounts']);
      expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(member.auth));
      expect(expectSuccess(await t.http.get('/api/v1/account/summary').set(member.auth)).organizations_count).toBe(1);

      const res = await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(owner.auth);
      expect(expectSuccess(res)).toEqual({});

      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'members');
      expect(items.map((m) => m.account_id)).toEqual([owner.id]);
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
            path: `/api/v1/companies/${company.id}/members/${member.id}`,
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
      expectSuccess(await t.http.delete(`${membersOf(company.id)}/${joiner.id}`).set(owner.auth));
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(joiner.auth), 404, 'not_found');
    });

    it('leaves the employee cards of other companies linked', async () => {
      const { owner, company, member } = await companyWithMember();
      const otherOwner = await newAccount(t.http, 'other');
      const otherCompany = await newCompany(t.http, otherOwner);
      const { employeeId } = await addMember(db, otherCompany.id, member);

      expectSuccess(await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(owner.auth));
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
        expectError(await t.http.delete(`${membersOf(company.id)}/${owner.id}`).set(caller.auth), 409, 'conflict');
      }
      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'members');
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
      expectError(await t.http.delete(`${membersOf(company.id)}/${outsider.id}`).set(owner.auth), 404, 'not_found');
      expectError(await t.http.delete(`${membersOf(company.id)}/${randomUUID()}`).set(owner.auth), 404, 'not_found');

      expectSuccess(await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(owner.auth));
      expectError(await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(owner.auth), 404, 'not_found');
    });

    it('a member holding accounts.delete may remove another; 403 (audited) without it', async () => {
      const { owner, company, member } = await companyWithMember(['accounts.delete']);
      const plain = await newAccount(t.http, 'plain');
      await addMember(db, company.id, plain, ['accounts']);

      expectError(await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(plain.auth), 403, 'forbidden');
      expect(await auditRecords(db, company.id, 'accounts.delete')).toEqual([
        expect.objectContaining({ status: 'error', account_id: plain.id }),
      ]);

      expectSuccess(await t.http.delete(`${membersOf(company.id)}/${plain.id}`).set(member.auth));
      const { items } = expectPage(await t.http.get(membersOf(company.id)).set(owner.auth), 'members');
      expect(items.map((m) => m.account_id).sort()).toEqual([owner.id, member.id].sort());
    });

    it('401 without a credential, 404 for a non-member, 400 for non-UUID ids', async () => {
      const { owner, company, member } = await companyWithMember();
      const stranger: TestAccount = await newAccount(t.http, 'stranger');
      expectError(await t.http.delete(`${membersOf(company.id)}/${member.id}`), 401, 'unauthorized');
      expectError(await t.http.delete(`${membersOf(company.id)}/${member.id}`).set(stranger.auth), 404, 'not_found');
      const bad = expectError(
        await t.http.delete(`${membersOf(company.id)}/not-a-uuid`).set(owner.auth),
        400,
        'validation_failed',
      );
      expect(bad.error.details).toEqual([{ field: 'accountId', message: 'must be a UUID' }]);
      expectError(await t.http.delete(`${membersOf('nope')}/${member.id}`).set(owner.auth), 400, 'validation_failed');
      expect(await auditRecords(db, company.id, 'accounts.delete')).toEqual([]);
    });
  });
});
