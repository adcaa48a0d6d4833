import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { auditRecords, newAccount, newAdmin, newCompany, TestAccount } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('The console: the support desk (CONTRACT 8, 21)', () => {
  let t: TestApp;
  let db: DataSource;
  let desk: TestAccount;
  let colleague: TestAccount;
  let owner: TestAccount;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    desk = await newAdmin(t.http, db, 4);
    colleague = await newAdmin(t.http, db, 4);
    owner = await newAccount(t.http, 'desk-owner');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const tickets = `/api/v1/admin/tickets`;
  const openTicket = async (text = 'It does not open') =>
    expectSuccess(
      await t.http
        .post(`/api/v1/companies/${companyId}/modules/support/tickets`)
        .set(owner.auth)
        .send({ theme: 'technical_issue', text }),
      201,
    );

  it("lists every company's tickets newest first, filtered by status, company and assignee", async () => {
    const first = await openTicket();
    const second = await openTicket();
    const page = expectSuccess(await t.http.get(`${tickets}?company_id=${companyId}`).set(desk.auth));
    expect(page.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([second.id, first.id]);
    expect(page.tickets[0]).toMatchObject({
      company_id: companyId,
      company: { id: companyId, name: expect.any(String) },
      assigned_admin_id: null,
      status: 'pending',
      last_message: { text: 'It does not open' },
    });
    expectSuccess(await t.http.post(`${tickets}/${first.id}/assign`).set(desk.auth));
    const mine = expectSuccess(await t.http.get(`${tickets}?assigned_admin_id=${desk.id}`).set(desk.auth));
    expect(mine.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([first.id]);
    const closed = expectSuccess(await t.http.get(`${tickets}?status=closed&company_id=${companyId}`).set(desk.auth));
    expect(closed.tickets).toEqual([]);
    expectError(await t.http.get(`${tickets}?status=open`).set(desk.auth), 400, 'validation_failed');
  });

  it('assigns to the caller or another administrator, unassigns, each on both records', async () => {
    const ticket = await openTicket();
    const assigned = expectSuccess(
      await t.http.post(`${tickets}/${ticket.id}/assign`).set(desk.auth).send({ admin_id: colleague.id }),
    );
    expect(assigned).toMatchObject({ id: ticket.id, assigned_admin_id: colleague.id });
    expectError(
      await t.http.post(`${tickets}/${ticket.id}/assign`).set(desk.auth).send({ admin_id: owner.id }),
      400,
      'validation_failed',
    );
    expect(expectSuccess(await t.http.post(`${tickets}/${ticket.id}/unassign`).set(desk.auth))).toMatchObject({
      assigned_admin_id: null,
    });
    expectError(await t.http.post(`${tickets}/${UNKNOWN_ID}/assign`).set(desk.auth), 404, 'not_found');

    const company = (await auditRecords(db, companyId, 'support.tickets.update')).filter(
      (record) => record.metadata.ids?.ticketId === ticket.id,
    );
    expect(company.map((record) => [record.account_id, record.metadata.platform_action])).toEqual(
      expect.arrayContaining([
        [desk.id, 'tickets.assign'],
        [desk.id, 'tickets.unassign'],
      ]),
    );
    expect(company).toHaveLength(2);
    const platform = await db.query(`SELECT key FROM admin_logs WHERE metadata->'ids'->>'ticketId' = $1`, [ticket.id]);
    expect(platform.map((row: { key: string }) => row.key).sort()).toEqual(['tickets.assign', 'tickets.unassign']);
  });

  it('answers as technical support under the same limits, and edits or deletes only its own messages', async () => {
    const ticket = await openTicket();
    const messages = `${tickets}/${ticket.id}/messages`;
    const posted = [];
    for (let i = 0; i < 3; i++) {
      posted.push(
        expectSuccess(
          await t.http
            .post(messages)
            .set(desk.auth)
            .send({ text: `Answer ${i}` }),
          201,
        ),
      );
    }
    expect(posted[0]).toMatchObject({ is_tech: true, account_id: desk.id, company_id: companyId });
    expectError(await t.http.post(messages).set(desk.auth).send({ text: 'A fourth' }), 409, 'limit_exceeded');

    const list = expectSuccess(await t.http.get(messages).set(desk.auth));
    expect(list.map((message: { text: string }) => message.text)).toEqual([
      'Answer 2',
      'Answer 1',
      'Answer 0',
      'It does not open',
    ]);

    const edited = expectSuccess(
      await t.http.patch(`${messages}/${posted[0].id}`).set(desk.auth).send({ text: '  Answer zero ' }),
    );
    expect(edited).toMatchObject({ id: posted[0].id, text: 'Answer zero' });
    expectError(
      await t.http.patch(`${messages}/${posted[0].id}`).set(colleague.auth).send({ text: 'Not mine' }),
      403,
      'forbidden',
    );
    expectError(await t.http.delete(`${messages}/${list[3].id}`).set(desk.auth), 403, 'forbidden');
    expect(expectSuccess(await t.http.delete(`${messages}/${posted[1].id}`).set(desk.auth))).toMatchObject({
      id: posted[1].id,
    });
    expectError(await t.http.delete(`${messages}/${posted[1].id}`).set(desk.auth), 404, 'not_found');
    expect(expectSuccess(await t.http.get(messages).set(desk.auth))).toHaveLength(3);
  });

  it('closes a ticket (a closed one unchanged, a revoked one 409), after which it takes no messages', async () => {
    const ticket = await openTicket();
    const closed = expectSuccess(await t.http.post(`${tickets}/${ticket.id}/close`).set(desk.auth));
    expect(closed).toMatchObject({ id: ticket.id, status: 'closed' });
    const again = expectSuccess(await t.http.post(`${tickets}/${ticket.id}/close`).set(desk.auth));
    expect(again.updated_at).toBe(closed.updated_at);
    expectError(
      await t.http.post(`${tickets}/${ticket.id}/messages`).set(desk.auth).send({ text: 'Late' }),
      409,
      'conflict',
    );

    const revoked = await openTicket();
    expectSuccess(
      await t.http
        .patch(`/api/v1/companies/${companyId}/modules/support/tickets/${revoked.id}`)
        .set(owner.auth)
        .send({ status: 'revoked' }),
    );
    expectError(await t.http.post(`${tickets}/${revoked.id}/close`).set(desk.auth), 409, 'conflict');
    expectError(await t.http.get(`${tickets}/${UNKNOWN_ID}`).set(desk.auth), 404, 'not_found');
  });
});

describe('The console: partner applications (CONTRACT 21)', () => {
  let t: TestApp;
  let staff: TestAccount;
  let low: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.get(DataSource);
    staff = await newAdmin(t.http, db, 4);
    low = await newAdmin(t.http, db, 3);
  });
  afterAll(() => t.close());

  it('lists, searches, shows and approves an application, on the record', async () => {
    const name = `Partner ${Date.now()}`;
    expectSuccess(
      await t.http.post('/api/v1/partners/become').send({ name, type: 'public', email: 'partner@example.test' }),
      201,
    );
    const found = expectSuccess(
      await t.http.get(`/api/v1/admin/partners?search=${encodeURIComponent(name)}&status=waiting`).set(staff.auth),
    );
    expect(found.partners).toEqual([expect.objectContaining({ name, status: 'waiting' })]);
    const id = found.partners[0].id;
    expect(expectSuccess(await t.http.get(`/api/v1/admin/partners/${id}`).set(staff.auth))).toMatchObject({ id, name });
    const approved = expectSuccess(
      await t.http.patch(`/api/v1/admin/partners/${id}`).set(staff.auth).send({ status: 'success' }),
    );
    expect(approved).toMatchObject({ id, status: 'success' });
    expectError(
      await t.http.patch(`/api/v1/admin/partners/${id}`).set(staff.auth).send({ status: 'approved' }),
      400,
      'validation_failed',
    );
    expectError(await t.http.get(`/api/v1/admin/partners/${id}`).set(low.auth), 403, 'forbidden');
    expectError(await t.http.get(`/api/v1/admin/partners/${UNKNOWN_ID}`).set(staff.auth), 404, 'not_found');
    const records = await t.app
      .get(DataSource)
      .query(`SELECT admin_id, key FROM admin_logs WHERE metadata->>'result_id' = $1`, [id]);
    expect(records).toEqual([{ admin_id: staff.id, key: 'partners.update' }]);
  });
});
