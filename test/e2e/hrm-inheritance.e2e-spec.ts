/** @shared-app */
import { joinByInvitation, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectSuccess } from '../support/expectations';
import { companyOf, moduleOf } from '../support/urls';

/**
 * Permission inheritance over HTTP (spec 1 and 3, CONTRACT 5 and 6): each event changes at once
 * both the member's `permissions/me` and what the member may call.
 */
describe('HRM permission inheritance', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it('follows every link, unlink, change and deletion of positions, the card and the membership', async () => {
    const owner = await newAccount(t.http, 'inherit-owner');
    const member = await newAccount(t.http, 'inherit-member');
    const company = await newCompany(t.http, owner);
    const companyUrl = companyOf(company.id);
    const hrm = `${companyUrl}/modules/hrm`;
    const asOwner = (path: string, body: object = {}) => t.http.post(`${hrm}${path}`).set(owner.auth).send(body);
    await joinByInvitation(t.http, owner, company.id, member);

    const mine = async (who: TestAccount = member) =>
      expectSuccess(await t.http.get(`${companyUrl}/permissions/me`).set(who.auth)).permissions;
    /** What the member may call: each route's answer status, by the permission it needs. */
    const mayCall = async () => ({
      'hrm.employees': (await t.http.get(`${hrm}/employees`).set(member.auth)).status,
      'hrm.positions': (await t.http.get(`${hrm}/positions`).set(member.auth)).status,
      'hrm.analysis': (await t.http.get(`${hrm}/analysis/summary`).set(member.auth)).status,
    });
    const expectHeld = async (codes: string[]) => {
      expect(await mine()).toEqual(codes);
      const statuses = await mayCall();
      expect(statuses).toEqual(
        Object.fromEntries(Object.keys(statuses).map((code) => [code, codes.includes(code) ? 200 : 403])),
      );
    };

    const card = expectSuccess(await asOwner('/employees', { first_name: 'Member' }), 201);
    const reader = expectSuccess(await asOwner('/positions', { name: 'Reader', permissions: ['hrm.employees'] }), 201);
    const analyst = expectSuccess(await asOwner('/positions', { name: 'Analyst', permissions: ['hrm.analysis'] }), 201);
    expectSuccess(await asOwner(`/employees/${card.id}/link-position`, { position_id: reader.id }));
    await expectHeld([]);

    // The account is linked: it inherits the card's positions.
    expectSuccess(await asOwner(`/employees/${card.id}/link-account`, { account_id: member.id }));
    await expectHeld(['hrm.employees']);

    // 1. A position is linked.
    expectSuccess(await asOwner(`/employees/${card.id}/link-position`, { position_id: analyst.id }));
    await expectHeld(['hrm.analysis', 'hrm.employees']);

    // 2. A position is unlinked.
    expectSuccess(await asOwner(`/employees/${card.id}/unlink-position`, { position_id: analyst.id }));
    await expectHeld(['hrm.employees']);

    // 3. A position held is changed.
    const changed = await t.http
      .patch(`${hrm}/positions/${reader.id}`)
      .set(owner.auth)
      .send({ permissions: ['hrm.employees', 'hrm.positions'] });
    expectSuccess(changed);
    await expectHeld(['hrm.employees', 'hrm.positions']);

    // 4. A position held is deleted; the card keeps the others.
    expectSuccess(await asOwner(`/employees/${card.id}/link-position`, { position_id: analyst.id }));
    await expectHeld(['hrm.analysis', 'hrm.employees', 'hrm.positions']);
    expectSuccess(await t.http.delete(`${hrm}/positions/${analyst.id}`).set(owner.auth));
    await expectHeld(['hrm.employees', 'hrm.positions']);

    // 5. The card is deactivated (and activated again).
    expectSuccess(await asOwner(`/employees/${card.id}/deactivate`));
    await expectHeld([]);
    expectSuccess(await asOwner(`/employees/${card.id}/activate`));
    await expectHeld(['hrm.employees', 'hrm.positions']);

    // 6. The account is unlinked (and linked again).
    expectSuccess(await asOwner(`/employees/${card.id}/unlink-account`));
    await expectHeld([]);
    expectSuccess(await asOwner(`/employees/${card.id}/link-account`, { account_id: member.id }));
    await expectHeld(['hrm.employees', 'hrm.positions']);

    // 7. The member is removed: the card is unlinked, so rejoining grants nothing.
    expectSuccess(await t.http.delete(`${companyUrl}/modules/accounts/${member.id}`).set(owner.auth));
    expectError(await t.http.get(`${companyUrl}/permissions/me`).set(member.auth), 404, 'not_found');
    expectError(await t.http.get(`${hrm}/employees`).set(member.auth), 404, 'not_found');
    const unlinked = expectSuccess(await t.http.get(`${hrm}/employees/${card.id}`).set(owner.auth));
    expect(unlinked).toMatchObject({ is_account_linked: false, account_id: null, linked_at: null });
    expect(unlinked.positions.map((p: { id: string }) => p.id)).toEqual([reader.id]);
    await joinByInvitation(t.http, owner, company.id, member);
    await expectHeld([]);
  });

  it("a member's grants apply only in the company of the card", async () => {
    const owner = await newAccount(t.http, 'scope-owner');
    const member = await newAccount(t.http, 'scope-member');
    const granting = await newCompany(t.http, owner);
    const other = await newCompany(t.http, owner);
    for (const company of [granting, other]) await joinByInvitation(t.http, owner, company.id, member);
    const hrm = moduleOf(granting.id, 'hrm');
    const card = expectSuccess(await t.http.post(`${hrm}/employees`).set(owner.auth).send({ first_name: 'M' }), 201);
    const position = expectSuccess(
      await t.http
        .post(`${hrm}/positions`)
        .set(owner.auth)
        .send({ name: 'P', permissions: ['hrm.employees'] }),
      201,
    );
    await t.http.post(`${hrm}/employees/${card.id}/link-position`).set(owner.auth).send({ position_id: position.id });
    await t.http.post(`${hrm}/employees/${card.id}/link-account`).set(owner.auth).send({ account_id: member.id });

    const me = async (companyId: string) =>
      expectSuccess(await t.http.get(`/api/v1/companies/${companyId}/permissions/me`).set(member.auth)).permissions;
    expect(await me(granting.id)).toEqual(['hrm.employees']);
    expect(await me(other.id)).toEqual([]);
    expectError(
      await t.http.get(`/api/v1/companies/${other.id}/modules/hrm/employees`).set(member.auth),
      403,
      'forbidden',
    );
  });
});
