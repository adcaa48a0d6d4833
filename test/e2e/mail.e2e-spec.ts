import { DataSource } from 'typeorm';
import { expectError, expectSuccess } from '../support/expectations';
import { bearer, newAdmin, newCompany, TestAccount, uniqueEmail } from '../support/factories';
import { readMail, ReadMail } from '../support/mail';
import { createOwnDatabase, OwnDatabase } from '../support/own-database';
import { SmtpListener } from '../support/smtp-listener';
import type { TestApp } from '../support/test-app';

const APP_URL = 'https://app.example.com';
const PASSWORD = 'correct horse battery';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';
/** Written into names and texts: each must come out as written in the text part and escaped in the HTML. */
const HOSTILE = `<b>Tom & "Jerry"</b>`;
const HOSTILE_HTML = '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;';

/**
 * Mail from the durable outbox (CONTRACT 23), through a real SMTP server the test runs: every
 * kind in both languages, values escaped in HTML, the notification switches, the new sign-in
 * alert, and a mail server that refuses for a while. The suite has a database of its own, so
 * no other suite's sender takes its messages.
 */
describe('Mail', () => {
  let t: TestApp;
  let db: DataSource;
  const smtp = new SmtpListener();
  const saved = { ...process.env };
  let ownDatabase: OwnDatabase;

  beforeAll(async () => {
    ownDatabase = await createOwnDatabase('mail');
    process.env.DATABASE_URL = ownDatabase.url;
    process.env.SMTP_URL = await smtp.start();
    process.env.APP_URL = APP_URL;
    process.env.MAIL_POLL_MS = '50';
    process.env.MAIL_RETRY_SCHEDULE = '0.3,0.3,0.3';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    process.env = saved;
    await ownDatabase.drop();
  });

  /** The next message to `to` that arrives from now on, read. */
  const nextMail = async (to: string, since: number): Promise<ReadMail> => readMail(await smtp.next(to, since));

  const signUp = async (label: string, name = 'Mail Tester') => {
    const email = uniqueEmail(label);
    const since = smtp.mails.length;
    const res = await t.http
      .post('/api/v1/account/reg')
      .set('User-Agent', BROWSER)
      .send({ email, password: PASSWORD, name });
    const session = expectSuccess(res, 201);
    const account: TestAccount = {
      id: session.user_id,
      email,
      password: PASSWORD,
      token: session.access_token,
      auth: bearer(session.access_token),
    };
    return { account, session, codeMail: await nextMail(email, since) };
  };

  const signIn = (email: string, userAgent: string) =>
    t.http.post('/api/v1/account/auth').set('User-Agent', userAgent).send({ email, password: PASSWORD });

  const outboxOf = (recipient: string) =>
    db.query(
      `SELECT kind, status, attempts, params, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`,
      [recipient],
    );

  describe('account', () => {
    it('sign-up queues the code in Russian; the answer says email_sent; a new account is ru', async () => {
      const { account, session, codeMail } = await signUp('ru-code', HOSTILE);
      expect(session.email_sent).toBe(true);
      expect(session.user.locale).toBe('ru');
      const code = /Ваш код подтверждения: (\d{6})/.exec(codeMail.text)![1];
      expect(codeMail.subject).toBe(`Код подтверждения: ${code}`);
      expect(codeMail.html).toContain(`<p>Ваш код подтверждения: ${code}</p>`);
      expect(expectSuccess(await t.http.get('/api/v1/account').set(account.auth)).locale).toBe('ru');
    });

    it('an invalid locale is 400; en switches the mail to English (resend, welcome)', async () => {
      const { account } = await signUp('en-code', HOSTILE);
      const invalid = expectError(
        await t.http.patch('/api/v1/account').set(account.auth).send({ locale: 'de' }),
        400,
        'validation_failed',
      );
      expect(JSON.stringify(invalid)).toContain('locale');
      expect(expectSuccess(await t.http.patch('/api/v1/account').set(account.auth).send({ locale: 'en' })).locale).toBe(
        'en',
      );
      // A minute passes: the code sent at sign-up no longer holds the resend back (CONTRACT 20).
      await db.query(
        `UPDATE throttle_counters SET expires_at = now() WHERE limit_name = 'confirmation_codes_per_account'`,
      );
      let since = smtp.mails.length;
      const resent = expectSuccess(await t.http.post('/api/v1/account/confirm/resend').set(account.auth).send({}));
      expect(resent).toEqual({ email_sent: true });
      const codeMail = await nextMail(account.email, since);
      const code = /Your confirmation code is (\d{6})/.exec(codeMail.text)![1];
      expect(codeMail.subject).toBe(`Your confirmation code: ${code}`);

      since = smtp.mails.length;
      expectSuccess(await t.http.post('/api/v1/account/confirm').set(account.auth).send({ code }));
      const welcome = await nextMail(account.email, since);
      expect(welcome.subject).toBe(`Welcome, ${HOSTILE}!`);
      expect(welcome.text).toContain(`Hello ${HOSTILE},`);
      expect(welcome.text).toContain(`Open the platform: ${APP_URL}/`);
      expect(welcome.html).toContain(`<p>Hello ${HOSTILE_HTML},</p>`);
      expect(welcome.html).not.toContain(HOSTILE);
    });

    it('welcome in Russian once confirmed', async () => {
      const { account, codeMail } = await signUp('ru-welcome', 'Анна');
      const code = /(\d{6})/.exec(codeMail.text)![1];
      const since = smtp.mails.length;
      expectSuccess(await t.http.post('/api/v1/account/confirm').set(account.auth).send({ code }));
      const welcome = await nextMail(account.email, since);
      expect(welcome.subject).toBe('Добро пожаловать, Анна!');
      expect(welcome.html).toContain(`<a href="${APP_URL}/">Открыть платформу</a>`);
    });
  });

  describe('new sign-in alert', () => {
    it("sign-up's pair sends none; a new user agent does, once; the switch turns it off", async () => {
      const { account } = await signUp('sign-in');
      expectSuccess(await signIn(account.email, BROWSER));
      const since = smtp.mails.length;
      expectSuccess(await signIn(account.email, `Evil <script>alert(1)</script> Browser`));
      const alert = await nextMail(account.email, since);
      expect(alert.subject).toBe('Вход в аккаунт с нового устройства');
      expect(alert.text).toContain('Evil <script>alert(1)</script> Browser');
      expect(alert.html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; Browser');
      expect(alert.html).not.toContain('<script>');
      expectSuccess(await signIn(account.email, `Evil <script>alert(1)</script> Browser`));

      expect(expectSuccess(await t.http.get('/api/v1/account/notifications').set(account.auth))).toEqual({
        new_sign_in: true,
        support_answers: true,
        admin_alerts: true,
      });
      expect(
        expectSuccess(
          await t.http.patch('/api/v1/account/notifications').set(account.auth).send({ new_sign_in: false }),
        ),
      ).toEqual({ new_sign_in: false, support_answers: true, admin_alerts: true });
      expectError(
        await t.http.patch('/api/v1/account/notifications').set(account.auth).send({ admin_alerts: 'no' }),
        400,
        'validation_failed',
      );
      expectSuccess(await signIn(account.email, 'Yet Another Browser'));
      expect(expectSuccess(await t.http.get('/api/v1/account/notifications').set(account.auth)).new_sign_in).toBe(
        false,
      );

      // Only the code and the one alert were queued; the raw user agent is nowhere in the pairs.
      await waitFor(async () =>
        (await outboxOf(account.email)).every((row: { status: string }) => row.status === 'sent'),
      );
      expect((await outboxOf(account.email)).map((row: { kind: string }) => row.kind)).toEqual([
        'confirmation_code',
        'new_sign_in',
      ]);
      const pairs = await db.query(`SELECT pair_hash FROM sign_in_pairs WHERE account_id = $1`, [account.id]);
      expect(pairs).toHaveLength(3);
      expect(pairs.every((pair: { pair_hash: string }) => /^[0-9a-f]{64}$/.test(pair.pair_hash))).toBe(true);
    });
  });

  describe('password reset', () => {
    it('the reset link under APP_URL; the reset mails that the password changed; bodies are dropped once sent', async () => {
      const { account } = await signUp('reset');
      let since = smtp.mails.length;
      expectSuccess(await t.http.post('/api/v1/account/reset-password/send-link').send({ email: account.email }));
      const link = await nextMail(account.email, since);
      const token = /\b(bpw_\w+)/.exec(link.text)![1];
      expect(link.subject).toBe('Сброс пароля');
      expect(link.text).toContain(`Задать новый пароль: ${APP_URL}/reset-password?token=${token}`);
      since = smtp.mails.length;
      expectSuccess(
        await t.http.post('/api/v1/account/reset-password').send({ token, new_password: 'another long password' }),
      );
      const changed = await nextMail(account.email, since);
      expect(changed.subject).toBe('Пароль изменён');
      await waitFor(async () =>
        (await outboxOf(account.email)).every((row: { status: string }) => row.status === 'sent'),
      );
      const rows = await outboxOf(account.email);
      expect(rows.map((row: { kind: string }) => row.kind)).toEqual([
        'confirmation_code',
        'reset_link',
        'password_changed',
      ]);
      expect(rows.every((row: { params: unknown }) => row.params === null)).toBe(true);
    });
  });

  describe('companies, support, partners, purchases', () => {
    let owner: TestAccount;
    let admin: TestAccount;
    let company: { id: string; name: string };

    beforeAll(async () => {
      owner = (await signUp('owner', HOSTILE)).account;
      admin = await newAdmin(t.http, db);
      company = await newCompany(t.http, owner, { name: `Acme ${HOSTILE}` });
    });

    it('an invitation names the company and the inviter, in Russian to an address without an account', async () => {
      const email = uniqueEmail('invitee');
      const since = smtp.mails.length;
      expectSuccess(
        await t.http.post(`/api/v1/companies/${company.id}/accounts/invitations`).set(owner.auth).send({ email }),
        201,
      );
      const mail = await nextMail(email, since);
      expect(mail.subject).toBe(`Приглашение в компанию «Acme ${HOSTILE}»`);
      expect(mail.text).toContain(`${HOSTILE} (${owner.email}) приглашает вас в компанию «Acme ${HOSTILE}».`);
      expect(mail.text).toContain(`Принять приглашение: ${APP_URL}/invitations`);
      expect(mail.html).toContain(`${HOSTILE_HTML} (${owner.email}) приглашает вас в компанию «Acme ${HOSTILE_HTML}».`);
    });

    it('an invitation to an English account is in English; a refused invitation queues nothing', async () => {
      const { account } = await signUp('invitee-en');
      expectSuccess(await t.http.patch('/api/v1/account').set(account.auth).send({ locale: 'en' }));
      const since = smtp.mails.length;
      expectSuccess(
        await t.http
          .post(`/api/v1/companies/${company.id}/accounts/invitations`)
          .set(owner.auth)
          .send({ email: account.email }),
        201,
      );
      const mail = await nextMail(account.email, since);
      expect(mail.subject).toBe(`An invitation to Acme ${HOSTILE}`);
      expectError(
        await t.http
          .post(`/api/v1/companies/${company.id}/accounts/invitations`)
          .set(owner.auth)
          .send({ email: account.email }),
        409,
        'conflict',
      );
      const invitations = (await outboxOf(account.email)).filter((row: { kind: string }) => row.kind === 'invitation');
      expect(invitations).toHaveLength(1);
    });

    it('a new ticket alerts the administrators; their answer mails the initiator', async () => {
      const support = `/api/v1/companies/${company.id}/modules/support/tickets`;
      let since = smtp.mails.length;
      const ticket = expectSuccess(
        await t.http.post(support).set(owner.auth).send({ theme: 'technical_issue', text: 'It <breaks> & stops' }),
        201,
      );
      const alert = await nextMail(admin.email, since);
      expect(alert.subject).toBe(`Поддержка: «technical_issue» (Acme ${HOSTILE})`);
      expect(alert.text).toContain('It <breaks> & stops');
      expect(alert.html).toContain('It &lt;breaks&gt; &amp; stops');

      since = smtp.mails.length;
      expectSuccess(
        await t.http.post(`${support}/${ticket.id}/messages`).set(admin.auth).send({ text: 'Fixed it' }),
        201,
      );
      const answer = await nextMail(owner.email, since);
      expect(answer.subject).toBe('Ответ в обращении «technical_issue»');
      expect(answer.text).toContain('Fixed it');
      expect(answer.text).toContain(`${APP_URL}/companies/${company.id}/support/${ticket.id}`);

      expectSuccess(
        await t.http.patch('/api/v1/account/notifications').set(owner.auth).send({ support_answers: false }),
      );
      expectSuccess(
        await t.http.post(`${support}/${ticket.id}/messages`).set(admin.auth).send({ text: 'And again' }),
        201,
      );
      await waitFor(async () =>
        (await outboxOf(owner.email)).every((row: { status: string }) => row.status === 'sent'),
      );
      const answers = (await outboxOf(owner.email)).filter((row: { kind: string }) => row.kind === 'support_answer');
      expect(answers).toHaveLength(1);
    });

    it('a partner application alerts the administrators', async () => {
      const since = smtp.mails.length;
      expectSuccess(
        await t.http
          .post('/api/v1/partners/become')
          .send({ name: `Partner ${HOSTILE}`, type: 'public', email: uniqueEmail('partner'), text: 'We sell' }),
        201,
      );
      const alert = await nextMail(admin.email, since);
      expect(alert.subject).toBe(`Заявка партнёра: Partner ${HOSTILE}`);
      expect(alert.html).toContain(`Partner ${HOSTILE_HTML}`);
    });

    it('a plan purchase alerts the administrators; confirmed, it mails the owner', async () => {
      const plans = expectSuccess(await t.http.get('/api/v1/plans'));
      const plan = (Array.isArray(plans) ? plans : plans.plans).find((p: { code: string }) => p.code !== 'trial');
      let since = smtp.mails.length;
      const purchase = expectSuccess(
        await t.http
          .post(`/api/v1/companies/${company.id}/pricing/migrate`)
          .set(owner.auth)
          .send({ plan_code: plan.code }),
        201,
      );
      const waiting = await nextMail(admin.email, since);
      expect(waiting.subject).toBe(`Покупка тарифа ждёт подтверждения: Acme ${HOSTILE}`);
      since = smtp.mails.length;
      expectSuccess(
        await t.http
          .post(`/api/v1/companies/${company.id}/pricing/transactions/${purchase.id}/confirm`)
          .set(admin.auth),
      );
      const confirmed = await nextMail(owner.email, since);
      expect(confirmed.subject).toBe(`Тариф «${plan.name}» подключён`);
      expect(confirmed.text).toContain(`Acme ${HOSTILE}`);
    });
  });

  describe('the mail server', () => {
    afterEach(() => {
      smtp.refusal = null;
    });

    it('refuses for a while, then accepts: the message arrives; the request never waited', async () => {
      smtp.refusal = '451 4.3.0 try again later';
      const email = uniqueEmail('refused');
      const since = smtp.mails.length;
      const res = await t.http.post('/api/v1/account/reg').send({ email, password: PASSWORD, name: 'Patient' });
      expect(expectSuccess(res, 201).email_sent).toBe(true);
      await waitFor(async () => (await outboxOf(email))[0]?.attempts >= 2);
      const [retrying] = await outboxOf(email);
      expect(retrying.status).toBe('pending');
      expect(retrying.last_error).toContain('451');
      smtp.refusal = null;
      expect((await nextMail(email, since)).subject).toMatch(/^Код подтверждения: \d{6}$/);
      await waitFor(async () => (await outboxOf(email))[0].status === 'sent');
    });

    it('a permanent refusal of the recipient fails the message at once; the request still succeeds', async () => {
      smtp.refusal = '550 5.1.1 no such mailbox';
      const email = uniqueEmail('bounced');
      expectSuccess(await t.http.post('/api/v1/account/reg').send({ email, password: PASSWORD, name: 'Gone' }), 201);
      await waitFor(async () => (await outboxOf(email))[0]?.status === 'failed');
      const [failed] = await outboxOf(email);
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toContain('550');
    });

    it('retries end: after the last attempt the message is failed', async () => {
      smtp.refusal = '421 4.7.0 busy';
      const email = uniqueEmail('unreachable');
      expectSuccess(await t.http.post('/api/v1/account/reg').send({ email, password: PASSWORD, name: 'Never' }), 201);
      await waitFor(async () => (await outboxOf(email))[0]?.status === 'failed', 15_000);
      expect((await outboxOf(email))[0].attempts).toBe(4);
    });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 50));
  }
}
