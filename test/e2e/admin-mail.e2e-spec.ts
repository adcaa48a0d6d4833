import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { newAccount, newAdmin, TestAccount } from '../support/factories';
import { readMail } from '../support/mail';
import { createOwnDatabase, OwnDatabase } from '../support/own-database';
import { SmtpListener } from '../support/smtp-listener';
import type { TestApp } from '../support/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The console's mail outbox (CONTRACT 23): `GET /admin/mail` and `POST /admin/mail/{id}/retry`,
 * against a real SMTP server the test runs. The suite has a database of its own, so no other
 * suite's sender takes its messages.
 */
describe('The console: the mail outbox', () => {
  let t: TestApp;
  let db: DataSource;
  let root: TestAccount;
  let staff: TestAccount;
  let viewer: TestAccount;
  const smtp = new SmtpListener();
  const saved = { ...process.env };
  let ownDatabase: OwnDatabase;

  beforeAll(async () => {
    ownDatabase = await createOwnDatabase('admin_mail');
    process.env.DATABASE_URL = ownDatabase.url;
    process.env.SMTP_URL = await smtp.start();
    process.env.MAIL_POLL_MS = '50';
    // One retry after a temporary refusal: a second refusal fails the message.
    process.env.MAIL_RETRY_SCHEDULE = '0.3';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = await newAdmin(t.http, db);
    staff = await newAdmin(t.http, db, 4);
    viewer = await newAdmin(t.http, db, 3);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    process.env = saved;
    await ownDatabase.drop();
  });
  afterEach(() => {
    smtp.refusal = null;
  });

  const list = (query: string) => t.http.get(`/api/v1/admin/mail?${query}`).set(staff.auth);
  const retry = (id: string) => t.http.post(`/api/v1/admin/mail/${id}/retry`).set(staff.auth);
  const outboxOf = async (recipient: string) =>
    expectSuccess(await list(`recipient=${encodeURIComponent(recipient)}`)).messages;

  it('needs level 4: a level 3 administrator and an account are 403, no credential 401', async () => {
    expectError(await t.http.get('/api/v1/admin/mail').set(viewer.auth), 403, 'forbidden');
    const account = await newAccount(t.http, 'not-admin');
    expectError(await t.http.get('/api/v1/admin/mail').set(account.auth), 403, 'forbidden');
    expectError(await t.http.post(`/api/v1/admin/mail/${UNKNOWN_ID}/retry`).set(viewer.auth), 403, 'forbidden');
    expectError(await t.http.get('/api/v1/admin/mail'), 401, 'unauthorized');
  });

  it('lists newest first, filtered by status, kind and recipient (exactly, case-insensitively), never the values', async () => {
    const account = await newAccount(t.http, 'listed');
    const code = /(\d{6})/.exec(readMail(await smtp.next(account.email)).text)![1];
    expectSuccess(await t.http.post('/api/v1/account/confirm').set(account.auth).send({ code }));
    await waitFor(async () => (await outboxOf(account.email)).every((m: { status: string }) => m.status === 'sent'));

    const page = expectSuccess(await list(`recipient=${encodeURIComponent(account.email.toUpperCase())}`));
    expect(page.pagination).toMatchObject({ page: 1, total: 2, total_exact: true });
    expect(page.messages.map((m: { kind: string }) => m.kind)).toEqual(['welcome', 'confirmation_code']);
    const [welcome] = page.messages;
    expect(welcome).toEqual({
      id: expect.any(String),
      kind: 'welcome',
      recipient: account.email,
      status: 'sent',
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      sent_at: expect.stringMatching(RFC3339),
      created_at: expect.stringMatching(RFC3339),
    });

    const count = async (query: string) =>
      expectSuccess(await list(`recipient=${encodeURIComponent(account.email)}&${query}`)).messages.length;
    expect(await count('kind=welcome')).toBe(1);
    expect(await count('kind=reset_link')).toBe(0);
    expect(await count('status=sent')).toBe(2);
    expect(await count('status=failed')).toBe(0);
    expect(await count('status=sent&kind=confirmation_code')).toBe(1);
    expect(await outboxOf(account.email.slice(1))).toEqual([]);

    const everything = expectSuccess(await list('limit=100')).messages;
    const times = everything.map((m: { created_at: string }) => m.created_at);
    expect(times).toEqual([...times].sort().reverse());

    for (const query of ['status=bounced', 'kind=spam']) {
      const error = expectError(await list(query), 400, 'validation_failed');
      expect(JSON.stringify(error)).toContain(query.split('=')[0]);
    }
  });

  it('retries a failed message at once with its values; attempts count on; a retry refused again fails it', async () => {
    smtp.refusal = '550 5.1.1 no such mailbox';
    const account = await newAccount(t.http, 'bounced');
    await waitFor(async () => (await outboxOf(account.email))[0]?.status === 'failed');
    const [failed] = await outboxOf(account.email);
    expect(failed).toMatchObject({ kind: 'confirmation_code', attempts: 1, next_attempt_at: null });
    expect(failed.last_error).toContain('550');

    smtp.refusal = '421 4.7.0 busy';
    const queued = expectSuccess(await retry(failed.id));
    expect(queued).toMatchObject({ id: failed.id, status: 'pending', attempts: 1, sent_at: null });
    expect(queued.next_attempt_at).toMatch(RFC3339);
    await waitFor(async () => (await outboxOf(account.email))[0].attempts === 2);
    await waitFor(async () => (await outboxOf(account.email))[0].status === 'failed');
    expect((await outboxOf(account.email))[0].last_error).toContain('421');

    smtp.refusal = null;
    const since = smtp.mails.length;
    expectSuccess(await retry(failed.id));
    expect(readMail(await smtp.next(account.email, since)).text).toMatch(/\d{6}/);
    await waitFor(async () => (await outboxOf(account.email))[0].status === 'sent');
    expect((await outboxOf(account.email))[0]).toMatchObject({ attempts: 3, last_error: null, next_attempt_at: null });

    const logs = expectSuccess(
      await t.http.get(`/api/v1/admin/logs?key=mail.retry&admin_id=${staff.id}`).set(root.auth),
    ).logs;
    expect(logs).toHaveLength(2);
    expect(logs[0].metadata).toMatchObject({ ids: { messageId: failed.id }, result_id: failed.id });
  });

  it('a sent or pending message is 409 and stays as it was; an unknown one 404, a malformed id 400', async () => {
    const account = await newAccount(t.http, 'delivered');
    await waitFor(async () => (await outboxOf(account.email))[0]?.status === 'sent');
    const [sent] = await outboxOf(account.email);
    expectError(await retry(sent.id), 409, 'conflict');
    expect((await outboxOf(account.email))[0]).toEqual(sent);

    const [pending] = await db.query(
      `INSERT INTO mail_outbox (kind, recipient, locale, params, next_attempt_at)
       VALUES ('welcome', $1, 'ru', '{"name": "Later"}', now() + interval '1 hour') RETURNING id`,
      [account.email],
    );
    expectError(await retry(pending.id), 409, 'conflict');
    const [stillPending] = await db.query(`SELECT status, attempts FROM mail_outbox WHERE id = $1`, [pending.id]);
    expect(stillPending).toEqual({ status: 'pending', attempts: 0 });

    expectError(await retry(UNKNOWN_ID), 404, 'not_found');
    expectError(await retry('not-a-uuid'), 400, 'validation_failed');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 50));
  }
}
