/** @shared-app */
import { invite, newAccount, newCompany } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectPage } from '../support/expectations';

/** The filters the web client sends on the account's own lists (CONTRACT 17). */
describe('Account lists: filters', () => {
  let t: SharedTestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(() => t.close());

  it("the account's invitations filter by status and search the company name", async () => {
    const invitee = await newAccount(t.http, 'invitee');
    const owner = await newAccount(t.http, 'inviter');
    const acme = await newCompany(t.http, owner, { name: 'Acme Rockets' });
    const zenith = await newCompany(t.http, owner, { name: 'Zenith 100%' });
    const toAcme = await invite(t.http, owner, acme.id, invitee.email);
    const toZenith = await invite(t.http, owner, zenith.id, invitee.email);
    await t.http.post(`/api/v1/account/invitations/${toZenith.id}/reject`).set(invitee.auth).expect(200);
    const ids = async (query: string) =>
      expectPage(await t.http.get(`/api/v1/account/invitations${query}`).set(invitee.auth), 'invitations').items.map(
        (i) => i.id,
      );

    expect(await ids('')).toEqual([toZenith.id, toAcme.id]);
    expect(await ids('?status=waiting')).toEqual([toAcme.id]);
    expect(await ids('?status=rejected')).toEqual([toZenith.id]);
    expect(await ids('?search=rOCKet')).toEqual([toAcme.id]);
    expect(await ids('?search=100%25')).toEqual([toZenith.id]);
    expect(await ids('?search=rocket&status=rejected')).toEqual([]);
    expectError(
      await t.http.get('/api/v1/account/invitations?status=maybe').set(invitee.auth),
      400,
      'validation_failed',
    );
  });

  it("the account's companies search the name or the slug", async () => {
    const owner = await newAccount(t.http, 'companies');
    const north = await newCompany(t.http, owner, { name: 'Northwind Traders' });
    const south = await newCompany(t.http, owner, { name: 'Southwind', slug: `sw-${north.id.slice(0, 8)}` });
    const ids = async (query: string) =>
      expectPage(await t.http.get(`/api/v1/companies/my${query}`).set(owner.auth), 'companies').items.map((c) => c.id);

    expect(await ids('')).toEqual([south.id, north.id]);
    expect(await ids('?search=NORTHWIND')).toEqual([north.id]);
    expect(await ids('?search=wind')).toEqual([south.id, north.id]);
    expect(await ids(`?search=sw-${north.id.slice(0, 8)}`)).toEqual([south.id]);
    expect(await ids('?search=_')).toEqual([]);
  });
});
