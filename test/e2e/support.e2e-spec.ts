/** @shared-app */
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import {
  addMember,
  auditRecords,
  joinByInvitation,
  newAccount,
  newAdmin,
  newCompany,
  TestAccount,
} from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { createTestApp, TestApp } from '../support/test-app';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { supportOf } from '../support/urls';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const TICKET_KEYS = [
  'attachments',
  'company_id',
  'created_at',
  'id',
  'initiator',
  'initiator_id',
  'last_message',
  'status',
  'theme',
  'updated_at',
];
const MESSAGE_KEYS = [
  'account',
  'account_id',
  'created_at',
  'id',
  'is_tech',
  'read',
  'text',
  'ticket_id',
  'updated_at',
];
/** A message's `account` and a ticket's `initiator` (CONTRACT 17): the Kroncl server's AccountPublic. */
const authorOf = (who: TestAccount) => ({
  id: who.id,
  name: 'Test User',
  email: who.email,
  avatar_url: null,
  status: 'waiting',
  created_at: expect.stringMatching(TIMESTAMP),
});
const ALL_CODES = ['support.tickets', 'support.tickets.create', 'support.tickets.update'];

const ticketsOf = (companyId: string) => `${supportOf(companyId)}/tickets`;
const ticketOf = (companyId: string, ticketId: string) => `${ticketsOf(companyId)}/${ticketId}`;
const messagesOf = (companyId: string, ticketId: string) => `${ticketOf(companyId, ticketId)}/messages`;
const messageOf = (companyId: string, ticketId: string, messageId: string) =>
  `${messagesOf(companyId, ticketId)}/${messageId}`;

describe('Support', () => {
  let t: SharedTestApp;
  /** A second instance of the service on the same database, for the limits across instances. */
  let second: TestApp;
  let db: DataSource;
  let admin: TestAccount;

  beforeAll(async () => {
    [t, second] = await Promise.all([sharedTestApp(), createTestApp()]);
    db = t.db;
    admin = await newAdmin(t.http, db);
  });
  afterAll(async () => {
    await Promise.all([t.close(), second.close()]);
  });

  async function companyOf(label = 'support') {
    const owner = await newAccount(t.http, label);
    const company = await newCompany(t.http, owner);
    return { owner, companyId: company.id as string };
  }

  const openTicketRes = (http: TestAgent, who: TestAccount, companyId: string, body: object = {}) =>
    http
      .post(ticketsOf(companyId))
      .set(who.auth)
      .send({ theme: 'technical_issue', text: 'It does not work', ...body });

  async function openTicket(who: TestAccount, companyId: string, body: object = {}) {
    return expectSuccess(await openTicketRes(t.http, who, companyId, body), 201);
  }

  const postRes = (http: TestAgent, who: TestAccount, companyId: string, ticketId: string, text = 'More') =>
    http.post(messagesOf(companyId, ticketId)).set(who.auth).send({ text });

  async function post(who: TestAccount, companyId: string, ticketId: string, text = 'More') {
    return expectSuccess(await postRes(t.http, who, companyId, ticketId, text), 201);
  }

  const patchTicket = (who: TestAccount, companyId: string, ticketId: string, body: object) =>
    t.http.patch(ticketOf(companyId, ticketId)).set(who.auth).send(body);

  /** The ticket's message authors, oldest first, as stored. */
  const authorsInOrder = async (ticketId: string): Promise<string[]> =>
    (
      await db.query(`SELECT account_id FROM support_messages WHERE ticket_id = $1 ORDER BY created_at, id`, [ticketId])
    ).map((row: { account_id: string }) => row.account_id);

  /** The longest run of consecutive messages by one author. */
  const longestRun = (authors: string[]) =>
    authors.reduce(
      (acc, author, i) => {
        const run = i > 0 && authors[i - 1] === author ? acc.run + 1 : 1;
        return { run, longest: Math.max(acc.longest, run) };
      },
      { run: 0, longest: 0 },
    ).longest;

  describe('POST /tickets', () => {
    it('opens a pending ticket whose text is its first message; audited with the ids', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId, { theme: 'billing_payment', text: '  Invoice is wrong \n' });
      expect(ticket).toEqual({
        id: expect.stringMatching(UUID),
        attachments: [],
        company_id: companyId,
        initiator_id: owner.id,
        initiator: authorOf(owner),
        theme: 'billing_payment',
        status: 'pending',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
        last_message: {
          id: expect.stringMatching(UUID),
          account_id: owner.id,
          ticket_id: ticket.id,
          text: 'Invoice is wrong',
          read: false,
          is_tech: false,
          account: authorOf(owner),
          created_at: expect.stringMatching(TIMESTAMP),
          updated_at: expect.stringMatching(TIMESTAMP),
        },
      });
      const { items } = expectPage(await t.http.get(messagesOf(companyId, ticket.id)).set(owner.auth), 'messages');
      expect(items).toEqual([ticket.last_message]);
      expect(await auditRecords(db, companyId, 'support.tickets.create')).toEqual([
        {
          key: 'support.tickets.create',
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'POST',
            result_id: ticket.id,
            changes: { theme: 'billing_payment', text: '  Invoice is wrong \n' },
          }),
        },
      ]);
    });

    it.each(['technical_issue', 'billing_payment', 'access_rights', 'feature_request', 'consultation'])(
      'takes the theme %s',
      async (theme) => {
        const { owner, companyId } = await companyOf();
        expect((await openTicket(owner, companyId, { theme })).theme).toBe(theme);
      },
    );

    it('takes a text of exactly 4000 characters after trimming', async () => {
      const { owner, companyId } = await companyOf();
      const text = 'x'.repeat(4000);
      expect((await openTicket(owner, companyId, { text: `  ${text}  ` })).last_message.text).toBe(text);
    });

    it.each([
      ['no theme', { theme: undefined }, 'theme'],
      ['an unknown theme', { theme: 'complaint' }, 'theme'],
      ['no text', { text: undefined }, 'text'],
      ['an empty text', { text: '' }, 'text'],
      ['a blank text', { text: ' \n\t ' }, 'text'],
      ['a text over 4000 characters', { text: 'x'.repeat(4001) }, 'text'],
      ['a text that is not a string', { text: 42 }, 'text'],
      ['an unknown field', { status: 'closed' }, 'status'],
    ])('400 for %s, and nothing is written', async (_case, body, field) => {
      const { owner, companyId } = await companyOf();
      const res = expectError(await openTicketRes(t.http, owner, companyId, body), 400, 'validation_failed');
      expect(res.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await db.query(`SELECT 1 FROM support_tickets WHERE company_id = $1`, [companyId])).toEqual([]);
    });

    it('a member needs support.tickets.create; with it, the member is the initiator', async () => {
      const { companyId } = await companyOf();
      const reader = await newAccount(t.http, 'reader');
      const writer = await newAccount(t.http, 'writer');
      await addMember(db, companyId, reader, ['support.tickets']);
      await addMember(db, companyId, writer, ['support.tickets.create']);
      expectError(await openTicketRes(t.http, reader, companyId), 403, 'forbidden');
      expect((await openTicket(writer, companyId)).initiator_id).toBe(writer.id);
      expect(await auditRecords(db, companyId, 'support.tickets.create')).toEqual([
        expect.objectContaining({ status: 'error', account_id: reader.id }),
        expect.objectContaining({ status: 'success', account_id: writer.id }),
      ]);
    });
  });

  describe('the limit of 10 pending tickets', () => {
    it('an 11th pending ticket is 409 limit_exceeded, audited; closed and revoked ones do not count', async () => {
      const { owner, companyId } = await companyOf();
      const opened = [];
      for (let i = 0; i < 10; i++) opened.push(await openTicket(owner, companyId, { text: `Ticket ${i}` }));
      const refused = expectError(await openTicketRes(t.http, owner, companyId), 409, 'limit_exceeded');
      expect(refused.message).toMatch(/10 pending/);
      const [record] = (await auditRecords(db, companyId, 'support.tickets.create')).filter(
        (r) => r.status === 'error',
      );
      expect(record).toMatchObject({
        account_id: owner.id,
        metadata: { error: { code: 'limit_exceeded' }, method: 'POST' },
      });

      expectSuccess(await patchTicket(owner, companyId, opened[0].id, { status: 'closed' }));
      await openTicket(owner, companyId);
      expectError(await openTicketRes(t.http, owner, companyId), 409, 'limit_exceeded');
      expectSuccess(await patchTicket(owner, companyId, opened[1].id, { status: 'revoked' }));
      await openTicket(owner, companyId);
      expectError(await openTicketRes(t.http, owner, companyId), 409, 'limit_exceeded');
    });

    it('holds for 20 concurrent requests across two instances: exactly 10 pending tickets', async () => {
      const { owner, companyId } = await companyOf();
      const member = await newAccount(t.http, 'concurrent');
      await addMember(db, companyId, member, ALL_CODES);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          openTicketRes(i % 2 ? second.http : t.http, i % 3 ? owner : member, companyId, { text: `Parallel ${i}` }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(10);
      for (const res of responses.filter((r) => r.status === 409)) expectError(res, 409, 'limit_exceeded');
      const [{ tickets, messages }] = await db.query(
        `SELECT (SELECT count(*)::int FROM support_tickets WHERE company_id = $1 AND status = 'pending') AS tickets,
                (SELECT count(*)::int FROM support_messages WHERE company_id = $1) AS messages`,
        [companyId],
      );
      expect({ tickets, messages }).toEqual({ tickets: 10, messages: 10 });
      const records = await auditRecords(db, companyId, 'support.tickets.create');
      expect(records.filter((r) => r.status === 'success')).toHaveLength(10);
      expect(records.filter((r) => r.status === 'error' && r.metadata.error.code === 'limit_exceeded')).toHaveLength(
        10,
      );
    });

    it('counts per company: another company still opens tickets', async () => {
      const full = await companyOf();
      for (let i = 0; i < 10; i++) await openTicket(full.owner, full.companyId);
      const other = await companyOf();
      await openTicket(other.owner, other.companyId);
      expectError(await openTicketRes(t.http, full.owner, full.companyId), 409, 'limit_exceeded');
    });
  });

  describe('GET /tickets', () => {
    it('lists newest first with pagination, each ticket with its newest message', async () => {
      const { owner, companyId } = await companyOf();
      const first = await openTicket(owner, companyId, { text: 'First' });
      const second = await openTicket(owner, companyId, { text: 'Second' });
      const third = await openTicket(owner, companyId, { text: 'Third' });
      const reply = await post(owner, companyId, first.id, 'Reply to the first');

      const { items, pagination } = expectPage(await t.http.get(ticketsOf(companyId)).set(owner.auth), 'tickets');
      expect(pagination).toEqual({ total: 3, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(items.map((ticket: any) => ticket.id)).toEqual([third.id, second.id, first.id]);
      for (const ticket of items) expect(Object.keys(ticket).sort()).toEqual(TICKET_KEYS);
      expect(items.map((ticket: any) => ticket.last_message)).toEqual([third.last_message, second.last_message, reply]);

      const page2 = expectPage(await t.http.get(`${ticketsOf(companyId)}?page=2&limit=2`).set(owner.auth), 'tickets');
      expect(page2.pagination).toEqual({ total: 3, page: 2, limit: 2, pages: 2, total_exact: true });
      expect(page2.items.map((ticket: any) => ticket.id)).toEqual([first.id]);
    });

    it('filters by status and by theme', async () => {
      const { owner, companyId } = await companyOf();
      const billing = await openTicket(owner, companyId, { theme: 'billing_payment' });
      const access = await openTicket(owner, companyId, { theme: 'access_rights' });
      const closed = await openTicket(owner, companyId, { theme: 'billing_payment' });
      expectSuccess(await patchTicket(owner, companyId, closed.id, { status: 'closed' }));
      const ids = async (query: string) =>
        expectPage(await t.http.get(`${ticketsOf(companyId)}?${query}`).set(owner.auth), 'tickets').items.map(
          (ticket: any) => ticket.id,
        );
      expect(await ids('status=pending')).toEqual([access.id, billing.id]);
      expect(await ids('status=closed')).toEqual([closed.id]);
      expect(await ids('status=revoked')).toEqual([]);
      expect(await ids('theme=billing_payment')).toEqual([closed.id, billing.id]);
      expect(await ids('theme=billing_payment&status=pending')).toEqual([billing.id]);
      const filtered = expectPage(await t.http.get(`${ticketsOf(companyId)}?status=closed`).set(owner.auth), 'tickets');
      expect(filtered.pagination.total).toBe(1);
    });

    it.each(['status=open', 'theme=other', 'limit=101', 'page=0'])('400 for %s', async (query) => {
      const { owner, companyId } = await companyOf();
      expectError(await t.http.get(`${ticketsOf(companyId)}?${query}`).set(owner.auth), 400, 'validation_failed');
    });

    it("shows only the company's own tickets", async () => {
      const a = await companyOf();
      const b = await companyOf();
      const mine = await openTicket(a.owner, a.companyId);
      await openTicket(b.owner, b.companyId);
      const { items } = expectPage(await t.http.get(ticketsOf(a.companyId)).set(a.owner.auth), 'tickets');
      expect(items.map((ticket: any) => ticket.id)).toEqual([mine.id]);
    });
  });

  describe('GET /tickets/{ticketId}', () => {
    it('answers the ticket with its newest message', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      expect(expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth))).toEqual(ticket);
      const reply = await post(owner, companyId, ticket.id, 'Newest');
      expect(expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth)).last_message).toEqual(
        reply,
      );
    });

    it('404 for an unknown ticket, 400 for a malformed id', async () => {
      const { owner, companyId } = await companyOf();
      expectError(await t.http.get(ticketOf(companyId, UNKNOWN)).set(owner.auth), 404, 'not_found');
      const res = expectError(await t.http.get(ticketOf(companyId, 'nope')).set(owner.auth), 400, 'validation_failed');
      expect(res.error.details).toEqual([{ field: 'ticketId', message: 'must be a UUID' }]);
    });
  });

  describe('PATCH /tickets/{ticketId}', () => {
    it.each(['closed', 'revoked'])('pending → %s: updated_at moves; audited with the ticket id', async (status) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const changed = expectSuccess(await patchTicket(owner, companyId, ticket.id, { status }));
      expect(changed).toEqual({ ...ticket, status, updated_at: expect.stringMatching(TIMESTAMP) });
      expect(changed.updated_at > ticket.updated_at).toBe(true);
      expect(await auditRecords(db, companyId, 'support.tickets.update')).toEqual([
        expect.objectContaining({
          status: 'success',
          metadata: expect.objectContaining({
            method: 'PATCH',
            ids: { ticketId: ticket.id },
            changes: { status },
            result_id: ticket.id,
          }),
        }),
      ]);
    });

    it('the status the ticket already has: 200, unchanged', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      expect(expectSuccess(await patchTicket(owner, companyId, ticket.id, { status: 'pending' }))).toEqual(ticket);
      const closed = expectSuccess(await patchTicket(owner, companyId, ticket.id, { status: 'closed' }));
      expect(expectSuccess(await patchTicket(owner, companyId, ticket.id, { status: 'closed' }))).toEqual(closed);
    });

    it.each([
      ['closed', 'revoked'],
      ['closed', 'pending'],
      ['revoked', 'closed'],
      ['revoked', 'pending'],
    ])('%s → %s is 409 conflict, audited, and changes nothing', async (from, to) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const final = expectSuccess(await patchTicket(owner, companyId, ticket.id, { status: from }));
      expectError(await patchTicket(owner, companyId, ticket.id, { status: to }), 409, 'conflict');
      expect(expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth))).toEqual(final);
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records.map((r) => [r.status, r.metadata.error?.code])).toEqual([
        ['success', undefined],
        ['error', 'conflict'],
      ]);
    });

    it('concurrent close and revoke: one wins, the other is 409 or unchanged', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const responses = await Promise.all(
        ['closed', 'revoked', 'closed', 'revoked', 'closed', 'revoked'].map((status, i) =>
          (i % 2 ? second : t).http.patch(ticketOf(companyId, ticket.id)).set(owner.auth).send({ status }),
        ),
      );
      const [{ status: final }] = await db.query(`SELECT status FROM support_tickets WHERE id = $1`, [ticket.id]);
      for (const res of responses) {
        if (res.body.data?.status === final) expectSuccess(res);
        else expectError(res, 409, 'conflict');
      }
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records.filter((r) => r.status === 'success')).toHaveLength(3);
    });

    it.each([[{}], [{ status: 'open' }], [{ status: 'closed', theme: 'consultation' }]])('400 for %j', async (body) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      expectError(await patchTicket(owner, companyId, ticket.id, body), 400, 'validation_failed');
    });

    it('404 for an unknown ticket', async () => {
      const { owner, companyId } = await companyOf();
      expectError(await patchTicket(owner, companyId, UNKNOWN, { status: 'closed' }), 404, 'not_found');
    });
  });

  describe('messages', () => {
    it('POST: 201, trimmed, unread, not technical; audited with the ticket and message ids', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const message = await post(owner, companyId, ticket.id, '  Any news?  ');
      expect(message).toEqual({
        id: expect.stringMatching(UUID),
        account_id: owner.id,
        ticket_id: ticket.id,
        text: 'Any news?',
        read: false,
        is_tech: false,
        account: authorOf(owner),
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(await auditRecords(db, companyId, 'support.tickets.update')).toEqual([
        expect.objectContaining({
          status: 'success',
          account_id: owner.id,
          metadata: expect.objectContaining({
            method: 'POST',
            ids: { ticketId: ticket.id },
            result_id: message.id,
          }),
        }),
      ]);
    });

    it.each([
      ['no text', {}],
      ['a blank text', { text: '   ' }],
      ['a text over 4000 characters', { text: 'y'.repeat(4001) }],
      ['an unknown field', { text: 'ok', read: true }],
    ])('POST: 400 for %s', async (_case, body) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      expectError(
        await t.http.post(messagesOf(companyId, ticket.id)).set(owner.auth).send(body),
        400,
        'validation_failed',
      );
    });

    it.each(['closed', 'revoked'])('POST to a %s ticket: 409 conflict, audited, nothing written', async (status) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      expectSuccess(await patchTicket(owner, companyId, ticket.id, { status }));
      expectError(await postRes(t.http, owner, companyId, ticket.id), 409, 'conflict');
      expect(await authorsInOrder(ticket.id)).toEqual([owner.id]);
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records.at(-1)).toMatchObject({ status: 'error', metadata: { error: { code: 'conflict' } } });
    });

    it('GET: newest first with pagination', async () => {
      const { owner, companyId } = await companyOf();
      const colleague = await newAccount(t.http, 'colleague');
      await addMember(db, companyId, colleague, ALL_CODES);
      const ticket = await openTicket(owner, companyId, { text: 'm0' });
      const posted = [ticket.last_message];
      for (const [i, who] of [owner, colleague, owner, colleague].entries()) {
        posted.push(await post(who, companyId, ticket.id, `m${i + 1}`));
      }
      const all = expectPage(await t.http.get(messagesOf(companyId, ticket.id)).set(owner.auth), 'messages');
      expect(all.pagination).toEqual({ total: 5, page: 1, limit: 20, pages: 1, total_exact: true });
      expect(all.items).toEqual([...posted].reverse());
      for (const message of all.items) expect(Object.keys(message).sort()).toEqual(MESSAGE_KEYS);
      const page = expectPage(
        await t.http.get(`${messagesOf(companyId, ticket.id)}?page=2&limit=2`).set(owner.auth),
        'messages',
      );
      expect(page.pagination).toEqual({ total: 5, page: 2, limit: 2, pages: 3, total_exact: true });
      expect(page.items.map((m: any) => m.text)).toEqual(['m2', 'm1']);
    });

    it('GET: only the messages of that ticket', async () => {
      const { owner, companyId } = await companyOf();
      const a = await openTicket(owner, companyId, { text: 'a' });
      await openTicket(owner, companyId, { text: 'b' });
      const { items } = expectPage(await t.http.get(messagesOf(companyId, a.id)).set(owner.auth), 'messages');
      expect(items.map((m: any) => m.text)).toEqual(['a']);
    });

    it('PATCH {read}: sets the flag, updated_at moves only on a change; works on a closed ticket', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const message = ticket.last_message;
      const url = messageOf(companyId, ticket.id, message.id);
      const read = expectSuccess(await t.http.patch(url).set(owner.auth).send({ read: true }));
      expect(read).toEqual({ ...message, read: true, updated_at: expect.stringMatching(TIMESTAMP) });
      expect(read.updated_at > message.updated_at).toBe(true);
      expect(expectSuccess(await t.http.patch(url).set(owner.auth).send({ read: true }))).toEqual(read);
      expectSuccess(await patchTicket(owner, companyId, ticket.id, { status: 'closed' }));
      expect(expectSuccess(await t.http.patch(url).set(owner.auth).send({ read: false })).read).toBe(false);
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records[0].metadata).toMatchObject({
        ids: { ticketId: ticket.id, messageId: message.id },
        changes: { read: true },
        result_id: message.id,
      });
    });

    it.each([[{}], [{ read: 'yes' }], [{ read: true, text: 'edit' }]])('PATCH: 400 for %j', async (body) => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const url = messageOf(companyId, ticket.id, ticket.last_message.id);
      expectError(await t.http.patch(url).set(owner.auth).send(body), 400, 'validation_failed');
    });

    it("PATCH: 404 for an unknown message and for another ticket's message", async () => {
      const { owner, companyId } = await companyOf();
      const a = await openTicket(owner, companyId);
      const b = await openTicket(owner, companyId);
      expectError(
        await t.http
          .patch(messageOf(companyId, a.id, UNKNOWN))
          .set(owner.auth)
          .send({ read: true }),
        404,
        'not_found',
      );
      expectError(
        await t.http
          .patch(messageOf(companyId, a.id, b.last_message.id))
          .set(owner.auth)
          .send({ read: true }),
        404,
        'not_found',
      );
      expect(b.last_message.read).toBe(false);
      const [{ read }] = await db.query(`SELECT read FROM support_messages WHERE id = $1`, [b.last_message.id]);
      expect(read).toBe(false);
    });

    it('404 for the messages of an unknown ticket', async () => {
      const { owner, companyId } = await companyOf();
      expectError(await t.http.get(messagesOf(companyId, UNKNOWN)).set(owner.auth), 404, 'not_found');
      expectError(await postRes(t.http, owner, companyId, UNKNOWN), 404, 'not_found');
    });
  });

  describe('the limit of 3 messages in a row', () => {
    it('the opening text counts: two more, then 409 limit_exceeded, audited', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      await post(owner, companyId, ticket.id);
      await post(owner, companyId, ticket.id);
      const refused = expectError(await postRes(t.http, owner, companyId, ticket.id), 409, 'limit_exceeded');
      expect(refused.message).toMatch(/3 messages in a row/);
      expect(await authorsInOrder(ticket.id)).toEqual([owner.id, owner.id, owner.id]);
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records.at(-1)).toMatchObject({
        status: 'error',
        account_id: owner.id,
        metadata: { ids: { ticketId: ticket.id }, error: { code: 'limit_exceeded' } },
      });
    });

    it('each message names its author (id, name, e-mail, avatar); null once the account is deleted', async () => {
      const { owner, companyId } = await companyOf();
      const colleague = await newAccount(t.http, 'leaver');
      await addMember(db, companyId, colleague, ALL_CODES);
      const ticket = await openTicket(owner, companyId);
      const reply = await post(colleague, companyId, ticket.id, 'On it');
      expect(reply.account).toEqual(authorOf(colleague));
      const read = expectSuccess(
        await t.http
          .patch(messageOf(companyId, ticket.id, reply.id))
          .set(owner.auth)
          .send({ read: true }),
      );
      expect(read.account).toEqual(authorOf(colleague));
      expect(
        expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth)).last_message.account,
      ).toEqual(authorOf(colleague));
      const opened = await openTicket(colleague, companyId);
      expect(opened.initiator).toEqual(authorOf(colleague));
      const listed = expectPage(await t.http.get(ticketsOf(companyId)).set(owner.auth), 'tickets').items;
      expect(listed.find((item: { id: string }) => item.id === opened.id).initiator).toEqual(authorOf(colleague));
      await db.query(`DELETE FROM accounts WHERE id = $1`, [colleague.id]);
      expect(expectSuccess(await t.http.get(ticketOf(companyId, opened.id)).set(owner.auth)).initiator).toBeNull();
      const { items } = expectPage(await t.http.get(messagesOf(companyId, ticket.id)).set(owner.auth), 'messages');
      expect(items.map((m: { account: unknown }) => m.account)).toEqual([null, authorOf(owner)]);
    });

    it("a colleague's reply starts a new run; the colleague has a run of their own", async () => {
      const { owner, companyId } = await companyOf();
      const colleague = await newAccount(t.http, 'colleague');
      await addMember(db, companyId, colleague, ALL_CODES);
      const ticket = await openTicket(owner, companyId);
      await post(owner, companyId, ticket.id);
      await post(owner, companyId, ticket.id);
      await post(colleague, companyId, ticket.id);
      for (let i = 0; i < 3; i++) await post(owner, companyId, ticket.id);
      expectError(await postRes(t.http, owner, companyId, ticket.id), 409, 'limit_exceeded');
      await post(colleague, companyId, ticket.id);
      await post(colleague, companyId, ticket.id);
      await post(colleague, companyId, ticket.id);
      expectError(await postRes(t.http, colleague, companyId, ticket.id), 409, 'limit_exceeded');
    });

    it("technical support's reply starts a new run, and support has the same limit", async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      await post(owner, companyId, ticket.id);
      await post(owner, companyId, ticket.id);
      expectError(await postRes(t.http, owner, companyId, ticket.id), 409, 'limit_exceeded');
      const answer = await post(admin, companyId, ticket.id, 'Support here');
      expect(answer.is_tech).toBe(true);
      for (let i = 0; i < 3; i++) await post(owner, companyId, ticket.id);
      expectError(await postRes(t.http, owner, companyId, ticket.id), 409, 'limit_exceeded');
      await post(admin, companyId, ticket.id);
      await post(admin, companyId, ticket.id);
      await post(admin, companyId, ticket.id);
      expectError(await postRes(t.http, admin, companyId, ticket.id), 409, 'limit_exceeded');
    });

    it('holds for 20 concurrent messages of one account across two instances: exactly 2 after the opening', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postRes(i % 2 ? second.http : t.http, owner, companyId, ticket.id, `p${i}`),
        ),
      );
      const statuses = responses.map((r: Response) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 409)).toHaveLength(18);
      for (const res of responses.filter((r) => r.status === 409)) expectError(res, 409, 'limit_exceeded');
      expect(await authorsInOrder(ticket.id)).toEqual([owner.id, owner.id, owner.id]);
    });

    it('never a 4th in a row when two authors and support post concurrently across two instances', async () => {
      const { owner, companyId } = await companyOf();
      const colleague = await newAccount(t.http, 'colleague');
      await addMember(db, companyId, colleague, ALL_CODES);
      const ticket = await openTicket(owner, companyId);
      const authors = [owner, colleague, admin];
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postRes(i % 2 ? second.http : t.http, authors[i % 3], companyId, ticket.id, `c${i}`),
        ),
      );
      for (const res of responses) {
        if (res.status !== 201) expectError(res, 409, 'limit_exceeded');
      }
      const stored = await authorsInOrder(ticket.id);
      expect(stored).toHaveLength(1 + responses.filter((r) => r.status === 201).length);
      expect(longestRun(stored)).toBeLessThanOrEqual(3);
      const { items } = expectPage(
        await t.http.get(`${messagesOf(companyId, ticket.id)}?limit=1`).set(owner.auth),
        'messages',
      );
      expect(expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth)).last_message).toEqual(
        items[0],
      );
      expect(items[0].account_id).toBe(stored.at(-1));
    });
  });

  describe('technical support (platform administrators)', () => {
    it('list, read, answer (is_tech), mark read and close the tickets of a company they are not a member of', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const listed = expectPage(await t.http.get(ticketsOf(companyId)).set(admin.auth), 'tickets');
      expect(listed.items).toEqual([ticket]);
      expect(expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(admin.auth))).toEqual(ticket);
      expect(expectPage(await t.http.get(messagesOf(companyId, ticket.id)).set(admin.auth), 'messages').items).toEqual([
        ticket.last_message,
      ]);

      const read = expectSuccess(
        await t.http
          .patch(messageOf(companyId, ticket.id, ticket.last_message.id))
          .set(admin.auth)
          .send({ read: true }),
      );
      expect(read.read).toBe(true);
      const answer = await post(admin, companyId, ticket.id, 'We are on it');
      expect(answer).toMatchObject({ account_id: admin.id, is_tech: true, text: 'We are on it' });
      const owners = expectSuccess(await t.http.get(ticketOf(companyId, ticket.id)).set(owner.auth));
      expect(owners.last_message).toEqual(answer);
      expect(expectSuccess(await patchTicket(admin, companyId, ticket.id, { status: 'closed' })).status).toBe('closed');
      const records = await auditRecords(db, companyId, 'support.tickets.update');
      expect(records.map((r) => [r.account_id, r.status, r.metadata.method])).toEqual([
        [admin.id, 'success', 'PATCH'],
        [admin.id, 'success', 'POST'],
        [admin.id, 'success', 'PATCH'],
      ]);
    });

    it('a member who is not an administrator writes with is_tech false', async () => {
      const { owner, companyId } = await companyOf();
      const ticket = await openTicket(owner, companyId);
      const colleague = await newAccount(t.http, 'colleague');
      await addMember(db, companyId, colleague, ALL_CODES);
      expect((await post(colleague, companyId, ticket.id)).is_tech).toBe(false);
    });

    it('cannot open a ticket in a company they are not a member of (404)', async () => {
      const { companyId } = await companyOf();
      expectError(await openTicketRes(t.http, admin, companyId), 404, 'not_found');
    });

    it('get 404 on the routes outside support of a company they are not a member of', async () => {
      const { owner, companyId } = await companyOf();
      await openTicket(owner, companyId);
      const crm = `/api/v1/companies/${companyId}/modules/crm`;
      for (const url of [
        `/api/v1/companies/${companyId}`,
        `/api/v1/companies/${companyId}/accounts`,
        `/api/v1/companies/${companyId}/permissions/me`,
        `${crm}/clients`,
        `${crm}/sources`,
      ]) {
        const res = await t.http.get(url).set(admin.auth);
        expect([url, res.status]).toEqual([url, 404]);
        expectError(res, 404, 'not_found');
      }
      expectError(
        await t.http.patch(`/api/v1/companies/${companyId}`).set(admin.auth).send({ name: 'Taken over' }),
        404,
        'not_found',
      );
    });

    it("an unknown company is 404 for them too, and another company's ticket through this one is 404", async () => {
      const a = await companyOf();
      const b = await companyOf();
      const foreign = await openTicket(b.owner, b.companyId);
      expectError(await t.http.get(ticketsOf(UNKNOWN)).set(admin.auth), 404, 'not_found');
      expectError(await t.http.get(ticketOf(a.companyId, foreign.id)).set(admin.auth), 404, 'not_found');
      expectError(await postRes(t.http, admin, a.companyId, foreign.id), 404, 'not_found');
    });
  });

  describe('another company', () => {
    it("its tickets and messages are 404 through this company's path, whatever the route", async () => {
      const a = await companyOf('mine');
      const b = await companyOf('theirs');
      const foreign = await openTicket(b.owner, b.companyId);
      const foreignMessage = foreign.last_message.id;
      const mine = await openTicket(a.owner, a.companyId);
      const as = a.owner.auth;
      expectError(await t.http.get(ticketOf(a.companyId, foreign.id)).set(as), 404, 'not_found');
      expectError(await patchTicket(a.owner, a.companyId, foreign.id, { status: 'closed' }), 404, 'not_found');
      expectError(await t.http.get(messagesOf(a.companyId, foreign.id)).set(as), 404, 'not_found');
      expectError(await postRes(t.http, a.owner, a.companyId, foreign.id), 404, 'not_found');
      expectError(
        await t.http
          .patch(messageOf(a.companyId, foreign.id, foreignMessage))
          .set(as)
          .send({ read: true }),
        404,
        'not_found',
      );
      expectError(
        await t.http
          .patch(messageOf(a.companyId, mine.id, foreignMessage))
          .set(as)
          .send({ read: true }),
        404,
        'not_found',
      );
      // Through the other company's own path, an outsider gets 404 for the company itself.
      expectError(await t.http.get(ticketOf(b.companyId, foreign.id)).set(as), 404, 'not_found');
      expectError(await postRes(t.http, a.owner, b.companyId, foreign.id), 404, 'not_found');
      const [{ status }] = await db.query(`SELECT status FROM support_tickets WHERE id = $1`, [foreign.id]);
      expect(status).toBe('pending');
      expect(await authorsInOrder(foreign.id)).toEqual([b.owner.id]);
    });

    it('a plain member without support permissions gets 403 on every support route', async () => {
      const { owner, companyId } = await companyOf();
      const plain = await newAccount(t.http, 'plain');
      await joinByInvitation(t.http, owner, companyId, plain);
      const ticket = await openTicket(owner, companyId);
      expectError(await t.http.get(ticketsOf(companyId)).set(plain.auth), 403, 'forbidden');
      expectError(await t.http.get(messagesOf(companyId, ticket.id)).set(plain.auth), 403, 'forbidden');
      expectError(await postRes(t.http, plain, companyId, ticket.id), 403, 'forbidden');
    });
  });
});
