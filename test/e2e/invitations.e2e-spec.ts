/** @shared-app */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  addMember,
  invite,
  newAccount,
  newCompany,
  TestAccount,
  uniqueEmail,
  auditRecords,
} from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { invitationsOf } from '../support/urls';

describe('Invitations', () => {
  let t: SharedTestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await sharedTestApp();
    db = t.db;
  });
  afterAll(() => t.close());

  const mine = '/api/v1/account/invitations';
  const accept = (id: string) => `${mine}/${id}/accept`;
  const reject = (id: string) => `${mine}/${id}/reject`;
  const summaryOf = async (account: TestAccount) =>
    expectSuccess(await t.http.get('/api/v1/account/summary').set(account.auth));

  async function ownedCompany(name?: string) {
    const owner = await newAccount(t.http, 'owner');
    const company = await newCompany(t.http, owner, name ? { name } : {});
    return { owner, company };
  }

  describe('POST /companies/{id}/accounts/invitations', () => {
    it('creates a waiting invitation with every field, the e-mail normalised, and audits it', async () => {
      const { owner, company } = await ownedCompany('Acme Invites');
      const email = uniqueEmail('Invitee');
      const invitation = expectSuccess(
        await t.http
          .post(invitationsOf(company.id))
          .set(owner.auth)
          .send({ email: `  ${email.toUpperCase()} ` }),
        201,
      );
      expect(invitation).toEqual({
        id: expect.stringMatching(UUID),
        email: email.toLowerCase(),
        company_id: company.id,
        company_name: 'Acme Invites',
        status: 'waiting',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });

      expect(await auditRecords(db, company.id, 'accounts.invitations.create')).toEqual([
        {
          key: 'accounts.invitations.create',
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'POST',
            path: `/api/v1/companies/${company.id}/accounts/invitations`,
            // The body as sent (the audit trail copies the request, not the normalised DTO).
            changes: { email: expect.stringMatching(new RegExp(email, 'i')) },
            result_id: invitation.id,
          }),
        },
      ]);
    });

    it('400 for a bad or missing e-mail and for an unknown field', async () => {
      const { owner, company } = await ownedCompany();
      for (const body of [{}, { email: 'not-an-email' }, { email: 42 }]) {
        const res = expectError(
          await t.http.post(invitationsOf(company.id)).set(owner.auth).send(body),
          400,
          'validation_failed',
        );
        expect(res.error.details.map((d: { field: string }) => d.field)).toContain('email');
      }
      const unknown = expectError(
        await t.http.post(invitationsOf(company.id)).set(owner.auth).send({ email: uniqueEmail(), role: 'owner' }),
        400,
        'validation_failed',
      );
      expect(unknown.error.details).toEqual([{ field: 'role', message: 'is not an allowed field' }]);
    });

    it('409 when the address already has a waiting invitation (whatever its case), audited as an error', async () => {
      const { owner, company } = await ownedCompany();
      const email = uniqueEmail('dup');
      await invite(t.http, owner, company.id, email);
      expectError(
        await t.http.post(invitationsOf(company.id)).set(owner.auth).send({ email: email.toUpperCase() }),
        409,
        'conflict',
      );
      const records = await auditRecords(db, company.id, 'accounts.invitations.create');
      expect(records.map((r: { status: string }) => r.status)).toEqual(['success', 'error']);
      expect(records[1]).toEqual({
        key: 'accounts.invitations.create',
        status: 'error',
        account_id: owner.id,
        metadata: expect.objectContaining({ error: { code: 'conflict', message: expect.any(String) } }),
      });

      // Another company may invite the same address.
      const other = await ownedCompany();
      await invite(t.http, other.owner, other.company.id, email);
    });

    it('409 for concurrent invitations of one address: exactly one wins', async () => {
      const { owner, company } = await ownedCompany();
      const email = uniqueEmail('race');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.http.post(invitationsOf(company.id)).set(owner.auth).send({ email })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const res of answers.filter((r) => r.status === 409)) expectError(res, 409, 'conflict');
      const rows = await db.query(`SELECT status FROM invitations WHERE company_id = $1`, [company.id]);
      expect(rows).toEqual([{ status: 'waiting' }]);
    });

    it('409 when an account with that e-mail is already a member (the owner included)', async () => {
      const { owner, company } = await ownedCompany();
      const member = await newAccount(t.http, 'member');
      await addMember(db, company.id, member);
      expectError(
        await t.http.post(invitationsOf(company.id)).set(owner.auth).send({ email: member.email.toUpperCase() }),
        409,
        'conflict',
      );
      expectError(
        await t.http.post(invitationsOf(company.id)).set(owner.auth).send({ email: owner.email }),
        409,
        'conflict',
      );
    });

    it('may invite again once the previous invitation was answered', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'again');
      const first = await invite(t.http, owner, company.id, invitee.email);
      expectSuccess(await t.http.post(reject(first.id)).set(invitee.auth));
      const second = await invite(t.http, owner, company.id, invitee.email);
      expect(second.id).not.toBe(first.id);
    });

    it('needs accounts.invitations.create: 403 (audited) without it; a member holding it may invite', async () => {
      const { owner, company } = await ownedCompany();
      const allowed = await newAccount(t.http, 'allowed');
      await addMember(db, company.id, allowed, ['accounts.invitations.create']);
      const denied = await newAccount(t.http, 'denied');
      await addMember(db, company.id, denied, ['accounts.invitations', 'accounts.invitations.revoke']);

      const invitation = await invite(t.http, allowed, company.id, uniqueEmail());
      expect(invitation.status).toBe('waiting');
      expectError(
        await t.http.post(invitationsOf(company.id)).set(denied.auth).send({ email: uniqueEmail() }),
        403,
        'forbidden',
      );
      // addMember's own invitations are the owner's.
      const records = (await auditRecords(db, company.id, 'accounts.invitations.create')).filter(
        (r: { account_id: string }) => r.account_id !== owner.id,
      );
      expect(records.map((r: { status: string; account_id: string }) => [r.status, r.account_id])).toEqual([
        ['success', allowed.id],
        ['error', denied.id],
      ]);
    });

    it('401 without a credential, 404 for a non-member or unknown company, 400 for a non-UUID company', async () => {
      const { company } = await ownedCompany();
      const stranger = await newAccount(t.http, 'stranger');
      const body = { email: uniqueEmail() };
      expectError(await t.http.post(invitationsOf(company.id)).send(body), 401, 'unauthorized');
      expectError(await t.http.post(invitationsOf(company.id)).set(stranger.auth).send(body), 404, 'not_found');
      expectError(await t.http.post(invitationsOf(randomUUID())).set(stranger.auth).send(body), 404, 'not_found');
      expectError(await t.http.post(invitationsOf('nope')).set(stranger.auth).send(body), 400, 'validation_failed');
      expect(await auditRecords(db, company.id, 'accounts.invitations.create')).toEqual([]);
    });
  });

  describe('GET /companies/{id}/accounts/invitations', () => {
    it('lists every invitation of the company with company_name, newest first, paged', async () => {
      const { owner, company } = await ownedCompany('Listing Co');
      const invitee = await newAccount(t.http, 'lister');
      const a = await invite(t.http, owner, company.id, uniqueEmail('a'));
      const b = await invite(t.http, owner, company.id, invitee.email);
      const c = await invite(t.http, owner, company.id, uniqueEmail('c'));
      const answered = expectSuccess(await t.http.post(reject(b.id)).set(invitee.auth));
      // An invitation of another company never shows.
      const other = await ownedCompany();
      await invite(t.http, other.owner, other.company.id, uniqueEmail());

      const { items, pagination } = expectPage(
        await t.http.get(invitationsOf(company.id)).set(owner.auth),
        'invitations',
      );
      expect(pagination).toEqual({ total: 3, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items).toEqual([c, { ...b, status: 'rejected', updated_at: answered.updated_at }, a]);

      const page2 = expectPage(
        await t.http.get(`${invitationsOf(company.id)}?limit=2&page=2`).set(owner.auth),
        'invitations',
      );
      expect(page2.pagination).toEqual({ total: 3, page: 2, limit: 2, pages: 2, total_exact: true });
      expect(page2.items).toEqual([a]);
      expectError(await t.http.get(`${invitationsOf(company.id)}?limit=500`).set(owner.auth), 400, 'validation_failed');
    });

    it('403 without accounts.invitations, 404 for a non-member, 401 without a credential', async () => {
      const { company } = await ownedCompany();
      const member = await newAccount(t.http, 'member');
      await addMember(db, company.id, member, ['accounts.invitations.create']);
      const reader = await newAccount(t.http, 'reader');
      await addMember(db, company.id, reader, ['accounts.invitations']);
      const stranger = await newAccount(t.http, 'stranger');

      expectError(await t.http.get(invitationsOf(company.id)).set(member.auth), 403, 'forbidden');
      expectPage(await t.http.get(invitationsOf(company.id)).set(reader.auth), 'invitations');
      expectError(await t.http.get(invitationsOf(company.id)).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.get(invitationsOf(company.id)), 401, 'unauthorized');
    });
  });

  describe('DELETE /companies/{id}/accounts/invitations/{invitationId}', () => {
    it('revokes (deletes) a waiting invitation and audits it; the invitee no longer sees it', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'revoked');
      const invitation = await invite(t.http, owner, company.id, invitee.email);
      expect((await summaryOf(invitee)).invitations_count).toBe(1);

      expect(
        expectSuccess(await t.http.delete(`${invitationsOf(company.id)}/${invitation.id}`).set(owner.auth)),
      ).toEqual({ company_id: company.id, invitation_id: invitation.id, revoked: true });
      expect(expectPage(await t.http.get(invitationsOf(company.id)).set(owner.auth), 'invitations').items).toEqual([]);
      expect(expectPage(await t.http.get(mine).set(invitee.auth), 'invitations').items).toEqual([]);
      expect((await summaryOf(invitee)).invitations_count).toBe(0);
      expectError(await t.http.post(accept(invitation.id)).set(invitee.auth), 404, 'not_found');

      expect(await auditRecords(db, company.id, 'accounts.invitations.revoke')).toEqual([
        {
          key: 'accounts.invitations.revoke',
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'DELETE',
            path: `/api/v1/companies/${company.id}/accounts/invitations/${invitation.id}`,
            ids: { invitationId: invitation.id },
          }),
        },
      ]);

      // Gone: revoking again is 404; the address may be invited again.
      expectError(
        await t.http.delete(`${invitationsOf(company.id)}/${invitation.id}`).set(owner.auth),
        404,
        'not_found',
      );
      await invite(t.http, owner, company.id, invitee.email);
    });

    it('409 (audited) for an accepted or rejected invitation', async () => {
      const { owner, company } = await ownedCompany();
      const joiner = await newAccount(t.http, 'joiner');
      const decliner = await newAccount(t.http, 'decliner');
      const accepted = await invite(t.http, owner, company.id, joiner.email);
      const rejected = await invite(t.http, owner, company.id, decliner.email);
      expectSuccess(await t.http.post(accept(accepted.id)).set(joiner.auth));
      expectSuccess(await t.http.post(reject(rejected.id)).set(decliner.auth));

      for (const id of [accepted.id, rejected.id]) {
        expectError(await t.http.delete(`${invitationsOf(company.id)}/${id}`).set(owner.auth), 409, 'conflict');
      }
      const records = await auditRecords(db, company.id, 'accounts.invitations.revoke');
      expect(records.map((r: { status: string }) => r.status)).toEqual(['error', 'error']);
      expect(records[0].metadata.error.code).toBe('conflict');
      expect(expectPage(await t.http.get(invitationsOf(company.id)).set(owner.auth), 'invitations').items).toHaveLength(
        2,
      );
    });

    it("404 for another company's invitation or an unknown one, 400 for a non-UUID id", async () => {
      const { owner, company } = await ownedCompany();
      const other = await ownedCompany();
      const foreign = await invite(t.http, other.owner, other.company.id, uniqueEmail());

      expectError(await t.http.delete(`${invitationsOf(company.id)}/${foreign.id}`).set(owner.auth), 404, 'not_found');
      expectError(
        await t.http.delete(`${invitationsOf(company.id)}/${randomUUID()}`).set(owner.auth),
        404,
        'not_found',
      );
      const bad = expectError(
        await t.http.delete(`${invitationsOf(company.id)}/not-a-uuid`).set(owner.auth),
        400,
        'validation_failed',
      );
      expect(bad.error.details).toEqual([{ field: 'invitationId', message: 'must be a UUID' }]);
      // The foreign invitation is untouched.
      expect(
        expectPage(await t.http.get(invitationsOf(other.company.id)).set(other.owner.auth), 'invitations').items,
      ).toEqual([foreign]);
    });

    it('needs accounts.invitations.revoke (403); a non-member gets 404; 401 without a credential', async () => {
      const { owner, company } = await ownedCompany();
      const invitation = await invite(t.http, owner, company.id, uniqueEmail());
      const member = await newAccount(t.http, 'member');
      await addMember(db, company.id, member, ['accounts.invitations', 'accounts.invitations.create']);
      const revoker = await newAccount(t.http, 'revoker');
      await addMember(db, company.id, revoker, ['accounts.invitations.revoke']);
      const stranger = await newAccount(t.http, 'stranger');
      const path = `${invitationsOf(company.id)}/${invitation.id}`;

      expectError(await t.http.delete(path), 401, 'unauthorized');
      expectError(await t.http.delete(path).set(stranger.auth), 404, 'not_found');
      expectError(await t.http.delete(path).set(member.auth), 403, 'forbidden');
      expectSuccess(await t.http.delete(path).set(revoker.auth));
      const records = await auditRecords(db, company.id, 'accounts.invitations.revoke');
      expect(records.map((r: { status: string; account_id: string }) => [r.status, r.account_id])).toEqual([
        ['error', member.id],
        ['success', revoker.id],
      ]);
    });
  });

  describe('GET /account/invitations', () => {
    it("lists the invitations sent to the caller's e-mail, every status, newest first, including those sent before sign-up", async () => {
      const email = uniqueEmail('early');
      const first = await ownedCompany('First Co');
      const second = await ownedCompany('Second Co');
      const third = await ownedCompany('Third Co');
      const early = await invite(t.http, first.owner, first.company.id, email.toUpperCase());
      const password = 'correct horse battery';
      expectSuccess(await t.http.post('/api/v1/account/reg').send({ email, password, name: 'Late' }), 201);
      const session = expectSuccess(await t.http.post('/api/v1/account/auth').send({ email, password }));
      const auth = { Authorization: `Bearer ${session.access_token}` };
      const middle = await invite(t.http, second.owner, second.company.id, email);
      const late = await invite(t.http, third.owner, third.company.id, email);
      // Someone else's invitation never shows.
      await invite(t.http, third.owner, third.company.id, uniqueEmail());

      const rejected = expectSuccess(await t.http.post(reject(middle.id)).set(auth));
      const { items, pagination } = expectPage(await t.http.get(mine).set(auth), 'invitations');
      expect(pagination).toEqual({ total: 3, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items).toEqual([
        late,
        { ...middle, status: 'rejected', updated_at: rejected.updated_at },
        { ...early, email, company_name: 'First Co' },
      ]);
      expect(items[2]).toEqual({
        id: early.id,
        email,
        company_id: first.company.id,
        company_name: 'First Co',
        status: 'waiting',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });

      const paged = expectPage(await t.http.get(`${mine}?limit=1&page=3`).set(auth), 'invitations');
      expect(paged.pagination).toEqual({ total: 3, page: 3, limit: 1, pages: 3, total_exact: true });
      expect(paged.items.map((i) => i.id)).toEqual([early.id]);
      expectError(await t.http.get(`${mine}?page=0`).set(auth), 400, 'validation_failed');
    });

    it('401 without a credential', async () => {
      expectError(await t.http.get(mine), 401, 'unauthorized');
    });
  });

  describe('POST /account/invitations/{invitationId}/accept and /reject', () => {
    it('accept returns the invitation without company_name and makes the account a member; counts follow', async () => {
      const invitee = await newAccount(t.http, 'joiner', 'Jo Joiner');
      await newCompany(t.http, invitee);
      const { owner, company } = await ownedCompany();
      expect(await summaryOf(invitee)).toMatchObject({ organizations_count: 1, invitations_count: 0 });

      const invitation = await invite(t.http, owner, company.id, invitee.email);
      expect(await summaryOf(invitee)).toMatchObject({ organizations_count: 1, invitations_count: 1 });

      const accepted = expectSuccess(await t.http.post(accept(invitation.id)).set(invitee.auth));
      expect(accepted).toEqual({
        id: invitation.id,
        email: invitee.email,
        company_id: company.id,
        status: 'accepted',
        created_at: invitation.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(accepted).not.toHaveProperty('company_name');
      expect(new Date(accepted.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(invitation.updated_at).getTime());
      expect(await summaryOf(invitee)).toMatchObject({ organizations_count: 2, invitations_count: 0 });

      const { items } = expectPage(
        await t.http.get(`/api/v1/companies/${company.id}/accounts`).set(owner.auth),
        'accounts',
      );
      expect(items[0]).toEqual({
        id: invitee.id,
        name: 'Jo Joiner',
        email: invitee.email,
        status: expect.any(String),
        avatar_url: null,
        created_at: expect.stringMatching(TIMESTAMP),
        role_code: 'guest',
        joined_at: expect.stringMatching(TIMESTAMP),
      });
      const joined = expectSuccess(await t.http.get(`/api/v1/companies/${company.id}`).set(invitee.auth));
      expect(joined).toMatchObject({ id: company.id, role: 'member' });
      // A member without an employee card holds no permission.
      expect(
        expectSuccess(await t.http.get(`/api/v1/companies/${company.id}/permissions/me`).set(invitee.auth)),
      ).toEqual({ permissions: [] });
    });

    it('reject returns the same shape with status rejected; the account does not join', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'decliner');
      const invitation = await invite(t.http, owner, company.id, invitee.email);
      const rejected = expectSuccess(await t.http.post(reject(invitation.id)).set(invitee.auth));
      expect(rejected).toEqual({
        id: invitation.id,
        email: invitee.email,
        company_id: company.id,
        status: 'rejected',
        created_at: invitation.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(await summaryOf(invitee)).toMatchObject({ organizations_count: 0, invitations_count: 0 });
      expectError(await t.http.get(`/api/v1/companies/${company.id}`).set(invitee.auth), 404, 'not_found');
    });

    it('409 once the invitation is no longer waiting: accept or reject twice, or the other after one', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'twice');
      const accepted = await invite(t.http, owner, company.id, invitee.email);
      expectSuccess(await t.http.post(accept(accepted.id)).set(invitee.auth));
      expectError(await t.http.post(accept(accepted.id)).set(invitee.auth), 409, 'conflict');
      expectError(await t.http.post(reject(accepted.id)).set(invitee.auth), 409, 'conflict');

      const other = await ownedCompany();
      const rejected = await invite(t.http, other.owner, other.company.id, invitee.email);
      expectSuccess(await t.http.post(reject(rejected.id)).set(invitee.auth));
      expectError(await t.http.post(reject(rejected.id)).set(invitee.auth), 409, 'conflict');
      expectError(await t.http.post(accept(rejected.id)).set(invitee.auth), 409, 'conflict');
      expectError(await t.http.get(`/api/v1/companies/${other.company.id}`).set(invitee.auth), 404, 'not_found');
    });

    it('concurrent accepts: exactly one succeeds and one membership is made', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'race');
      const invitation = await invite(t.http, owner, company.id, invitee.email);
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          t.http.post(i % 2 ? reject(invitation.id) : accept(invitation.id)).set(invitee.auth),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
      const winner = answers.find((res) => res.status === 200)!.body.data;
      const members = await db.query(`SELECT role FROM company_members WHERE company_id = $1 AND account_id = $2`, [
        company.id,
        invitee.id,
      ]);
      expect(members).toEqual(winner.status === 'accepted' ? [{ role: 'member' }] : []);
    });

    it('concurrent double accept joins once', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'double');
      const invitation = await invite(t.http, owner, company.id, invitee.email);
      const answers = await Promise.all([
        t.http.post(accept(invitation.id)).set(invitee.auth),
        t.http.post(accept(invitation.id)).set(invitee.auth),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(await summaryOf(invitee)).toMatchObject({ organizations_count: 1 });
    });

    it('404 for an invitation sent to someone else, an unknown one, or a company being deleted; 400 for a non-UUID', async () => {
      const { owner, company } = await ownedCompany();
      const invitee = await newAccount(t.http, 'target');
      const intruder = await newAccount(t.http, 'intruder');
      const invitation = await invite(t.http, owner, company.id, invitee.email);

      for (const path of [accept(invitation.id), reject(invitation.id)]) {
        expectError(await t.http.post(path).set(intruder.auth), 404, 'not_found');
        // Even the inviting owner cannot answer for the invitee.
        expectError(await t.http.post(path).set(owner.auth), 404, 'not_found');
      }
      expect(expectPage(await t.http.get(mine).set(intruder.auth), 'invitations').items).toEqual([]);
      expectError(await t.http.post(accept(randomUUID())).set(invitee.auth), 404, 'not_found');
      expectError(await t.http.post(reject(randomUUID())).set(invitee.auth), 404, 'not_found');
      const bad = expectError(await t.http.post(accept('not-a-uuid')).set(invitee.auth), 400, 'validation_failed');
      expect(bad.error.details).toEqual([{ field: 'invitationId', message: 'must be a UUID' }]);
      expectError(await t.http.post(reject('42')).set(invitee.auth), 400, 'validation_failed');

      expect((await summaryOf(invitee)).invitations_count).toBe(1);
      expectSuccess(await t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth));
      expectError(await t.http.post(accept(invitation.id)).set(invitee.auth), 404, 'not_found');
      expectError(await t.http.post(reject(invitation.id)).set(invitee.auth), 404, 'not_found');
      expect(expectPage(await t.http.get(mine).set(invitee.auth), 'invitations').items).toEqual([]);
      expect((await summaryOf(invitee)).invitations_count).toBe(0);
    });

    it('a company being deleted stops counting among the member companies', async () => {
      const { owner, company } = await ownedCompany();
      expect((await summaryOf(owner)).organizations_count).toBe(1);
      expectSuccess(await t.http.delete(`/api/v1/companies/${company.id}`).set(owner.auth));
      expect((await summaryOf(owner)).organizations_count).toBe(0);
    });

    it('401 without a credential', async () => {
      const id = randomUUID();
      expectError(await t.http.post(accept(id)), 401, 'unauthorized');
      expectError(await t.http.post(reject(id)), 401, 'unauthorized');
    });
  });
});
