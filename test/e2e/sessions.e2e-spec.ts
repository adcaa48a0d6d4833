import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../src/config/secret-box';
import { bearer, uniqueEmail } from '../support/factories';
import { expectError, expectSuccess, TIMESTAMP } from '../support/expectations';
import { SmtpListener } from '../support/smtp-listener';
import type { TestApp } from '../support/test-app';

interface Response {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

const setCookies = (res: Response): string[] => (res.headers['set-cookie'] as string[] | undefined) ?? [];
/** The refresh_token Set-Cookie line of a response. */
const refreshLine = (res: Response): string => {
  const line = setCookies(res).find((c) => c.startsWith('refresh_token='));
  if (!line) throw new Error(`no refresh_token cookie set (status ${res.status})`);
  return line;
};
const refreshValue = (res: Response): string => /^refresh_token=([^;]*)/.exec(refreshLine(res))![1];
const cookie = (value: string) => ({ Cookie: `refresh_token=${value}` });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Sessions of CONTRACT 17: sign-up signs in, the refresh cookie rotates and catches a replay,
 * confirmation codes and password resets arrive by mail at a real SMTP server the test runs.
 */
describe('Sessions, confirmation and password reset', () => {
  let t: TestApp;
  let db: DataSource;
  const smtp = new SmtpListener();
  const previous = process.env.SMTP_URL;
  const password = 'correct horse battery';

  beforeAll(async () => {
    process.env.SMTP_URL = await smtp.start();
    process.env.MAIL_POLL_MS = '50';
    // The configuration is read when the application module is first imported.
    const { createTestApp } = await import('../support/test-app');
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    if (previous === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previous;
  });

  /** Signs up; returns the answer, the response and the mailed code. */
  const signUp = async (label: string) => {
    const email = uniqueEmail(label);
    const since = smtp.mails.length;
    const res = await t.http.post('/api/v1/account/reg').send({ email, password, name: 'Session Tester' });
    const session = expectSuccess(res, 201);
    const mail = await smtp.next(email, since);
    const code = /\b(\d{6})\b/.exec(mail.data)![1];
    return { email, session, res, code, auth: bearer(session.access_token) };
  };

  describe('the refresh_token cookie', () => {
    it('is set on sign-up and sign-in: HttpOnly, Secure, SameSite=Lax, Path=/api/v1/account, 30 days', async () => {
      const { email, res } = await signUp('cookie');
      const signIn = await t.http.post('/api/v1/account/auth').send({ email, password });
      expectSuccess(signIn);
      for (const answer of [res, signIn]) {
        const line = refreshLine(answer);
        const attributes = line.split(';').map((part) => part.trim());
        expect(attributes).toEqual(
          expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/api/v1/account']),
        );
        expect(attributes.some((a) => a.startsWith('Domain='))).toBe(false);
        const maxAge = Number(/Max-Age=(\d+)/.exec(line)![1]);
        expect(Math.abs(maxAge - 30 * 86400)).toBeLessThan(10);
        // Against the answer's own Date (whole seconds): a loaded machine may take seconds between answers.
        const expires = new Date(/Expires=([^;]+)/.exec(line)![1]).getTime();
        const sent = new Date(answer.headers.date).getTime();
        expect(Math.abs(expires - sent - 30 * 86400_000)).toBeLessThan(2_000);
      }
      expect(refreshValue(res)).toMatch(/^bpr_/);
      expect(refreshValue(res)).not.toBe(refreshValue(signIn));
    });

    it('access tokens live ACCESS_TOKEN_TTL_MINUTES (60)', async () => {
      const { session } = await signUp('ttl');
      expect(Math.abs(new Date(session.expires_at).getTime() - Date.now() - 3600_000)).toBeLessThan(10_000);
    });

    it('is stored only as its SHA-256', async () => {
      const { res } = await signUp('hashed');
      const raw = refreshValue(res);
      const sha = createHash('sha256').update(raw).digest('hex');
      const [row] = await db.query(
        `SELECT count(*) FILTER (WHERE token_hash = $1)::int AS raw, count(*) FILTER (WHERE token_hash = $2)::int AS hashed
         FROM refresh_tokens`,
        [raw.padEnd(64).slice(0, 64), sha],
      );
      expect(row).toEqual({ raw: 0, hashed: 1 });
    });
  });

  describe('POST /account/refresh', () => {
    it('answers a new access token and a new cookie; the old access token stops working', async () => {
      const { res, auth, session: first } = await signUp('refresh');
      const refreshed = await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(res)));
      const session = expectSuccess(refreshed);
      expect(session).toEqual({
        access_token: expect.stringMatching(/^bps_/),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(TIMESTAMP),
      });
      expect(session.access_token).not.toBe(first.access_token);
      expect(refreshValue(refreshed)).not.toBe(refreshValue(res));
      expect(refreshLine(refreshed)).toMatch(/HttpOnly/);
      expect(expectSuccess(await t.http.get('/api/v1/account').set(bearer(session.access_token))).id).toBe(
        first.user_id,
      );
      expectError(await t.http.get('/api/v1/account').set(auth), 401, 'unauthorized');
    });

    it('renews an expired access token; the chain itself ends after REFRESH_TOKEN_TTL_DAYS', async () => {
      const { res, auth, session } = await signUp('expired');
      await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [
        session.user_id,
      ]);
      expectError(await t.http.get('/api/v1/account').set(auth), 401, 'unauthorized');
      const refreshed = await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(res)));
      expectSuccess(await t.http.get('/api/v1/account').set(bearer(expectSuccess(refreshed).access_token)));

      await db.query(`UPDATE sessions SET refresh_expires_at = now() - interval '1 second' WHERE account_id = $1`, [
        session.user_id,
      ]);
      expectError(
        await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(refreshed))),
        401,
        'unauthorized',
      );
    });

    it('a replayed refresh token ends its whole chain and the access token it came with: 401', async () => {
      const { res } = await signUp('replay');
      const stolen = refreshValue(res);
      const second = await t.http.post('/api/v1/account/refresh').set(cookie(stolen));
      const third = await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(second)));
      const current = expectSuccess(third).access_token;
      expectSuccess(await t.http.get('/api/v1/account').set(bearer(current)));

      const replay = await t.http.post('/api/v1/account/refresh').set(cookie(stolen));
      expectError(replay, 401, 'unauthorized');
      expect(refreshLine(replay)).toMatch(/refresh_token=;.*Expires=Thu, 01 Jan 1970/);
      expectError(await t.http.get('/api/v1/account').set(bearer(current)), 401, 'unauthorized');
      expectError(await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(third))), 401, 'unauthorized');
    });

    it('two presentations of one token at once: at most one rotates', async () => {
      const { res } = await signUp('race');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(res)))),
      );
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    });

    it('401 without the cookie or with an unknown one; a body is refused', async () => {
      expectError(await t.http.post('/api/v1/account/refresh'), 401, 'unauthorized');
      expectError(await t.http.post('/api/v1/account/refresh').set(cookie('bpr_unknown')), 401, 'unauthorized');
      const { res } = await signUp('refreshbody');
      expectError(
        await t.http
          .post('/api/v1/account/refresh')
          .set(cookie(refreshValue(res)))
          .send({ refresh_token: 'x' }),
        400,
        'validation_failed',
      );
    });
  });

  describe('POST /account/log-out (and the deprecated /account/logout)', () => {
    it.each(['log-out', 'logout'])(
      '/account/%s ends the access token and the refresh chain and clears the cookie',
      async (path) => {
        const { res, auth } = await signUp('logout');
        const out = await t.http
          .post(`/api/v1/account/${path}`)
          .set(auth)
          .set(cookie(refreshValue(res)));
        expect(expectSuccess(out)).toEqual({});
        expect(refreshLine(out)).toMatch(/^refresh_token=;.*Path=\/api\/v1\/account.*Expires=Thu, 01 Jan 1970/);
        expectError(await t.http.get('/api/v1/account').set(auth), 401, 'unauthorized');
        expectError(await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(res))), 401, 'unauthorized');
      },
    );
  });

  describe('e-mail confirmation', () => {
    it('sign-up mails a 6-digit code; the code confirms the account once', async () => {
      const { session, auth, code } = await signUp('confirm');
      expect(session).toMatchObject({ email_sent: true, user: { status: 'waiting' } });
      const confirmed = expectSuccess(
        await t.http.post('/api/v1/account/confirm').set(auth).send({ code, user_id: session.user_id }),
      );
      expect(confirmed).toMatchObject({ id: session.user_id, status: 'confirmed' });
      expect(expectSuccess(await t.http.get('/api/v1/account').set(auth)).status).toBe('confirmed');
      expectError(await t.http.post('/api/v1/account/confirm').set(auth).send({ code }), 409, 'conflict');
      expectError(await t.http.post('/api/v1/account/confirm/resend').set(auth).send({}), 409, 'conflict');
    });

    it('a wrong code is 400; the 5th wrong try voids the code (409, request a new code)', async () => {
      const { auth, code } = await signUp('wrongcode');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        expectError(
          await t.http.post('/api/v1/account/confirm').set(auth).send({ code: wrong }),
          400,
          'validation_failed',
        );
      }
      const fifth = expectError(
        await t.http.post('/api/v1/account/confirm').set(auth).send({ code: wrong }),
        409,
        'conflict',
      );
      expect(fifth.message).toMatch(/request a new code/);
      expectError(await t.http.post('/api/v1/account/confirm').set(auth).send({ code }), 409, 'conflict');
    });

    it('parallel guesses cannot pass the 5 tries', async () => {
      const { auth, code } = await signUp('parallelcode');
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(
        guesses.map((guess) => t.http.post('/api/v1/account/confirm').set(auth).send({ code: guess })),
      );
      expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(8);
    });

    it('a code lives 15 minutes', async () => {
      const { auth, code, session } = await signUp('oldcode');
      expect(
        await db.query(
          `SELECT (expires_at - sent_at) = interval '15 minutes' AS ok FROM confirmation_codes WHERE account_id = $1`,
          [session.user_id],
        ),
      ).toEqual([{ ok: true }]);
      await db.query(`UPDATE confirmation_codes SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [
        session.user_id,
      ]);
      expectError(await t.http.post('/api/v1/account/confirm').set(auth).send({ code }), 409, 'conflict');
    });

    it('resend: at most once a minute (429 with Retry-After, after the body check); the new code replaces the old', async () => {
      const { auth, code, session, email } = await signUp('resend');
      const tooSoon = await t.http
        .post('/api/v1/account/confirm/resend')
        .set(auth)
        .send({ user_id: session.user_id, email });
      expectError(tooSoon, 429, 'rate_limited');
      const retryAfter = Number(tooSoon.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The body is checked first: a wrong body is 400 even within the minute.
      expectError(
        await t.http.post('/api/v1/account/confirm/resend').set(auth).send({ email: 'someone@else.test' }),
        400,
        'validation_failed',
      );

      // A minute passes: the windows of the limit end (the counters keep no account id in the clear).
      await db.query(
        `UPDATE throttle_counters SET expires_at = now() WHERE limit_name = 'confirmation_codes_per_account'`,
      );
      const since = smtp.mails.length;
      expect(
        expectSuccess(
          await t.http.post('/api/v1/account/confirm/resend').set(auth).send({ user_id: session.user_id, email }),
        ),
      ).toEqual({ email_sent: true });
      const fresh = /\b(\d{6})\b/.exec((await smtp.next(email, since)).data)![1];
      if (fresh !== code) {
        expectError(await t.http.post('/api/v1/account/confirm').set(auth).send({ code }), 400, 'validation_failed');
      }
      expect(expectSuccess(await t.http.post('/api/v1/account/confirm').set(auth).send({ code: fresh })).status).toBe(
        'confirmed',
      );
    });

    it("400 when user_id or email is not the signed-in account's own; 401 signed out", async () => {
      const { auth, code, session } = await signUp('notmine');
      const other = await signUp('other');
      const body = expectError(
        await t.http.post('/api/v1/account/confirm').set(auth).send({ code, user_id: other.session.user_id }),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([{ field: 'user_id', message: expect.any(String) }]);
      expectError(
        await t.http.post('/api/v1/account/confirm/resend').set(auth).send({ email: other.email }),
        400,
        'validation_failed',
      );
      expectError(await t.http.post('/api/v1/account/confirm').send({ code }), 401, 'unauthorized');
      expectError(
        await t.http.post('/api/v1/account/confirm').set(auth).send({ code: '12345' }),
        400,
        'validation_failed',
      );
      // Neither refusal spent a try.
      expect(
        expectSuccess(await t.http.post('/api/v1/account/confirm').set(auth).send({ code, user_id: session.user_id }))
          .status,
      ).toBe('confirmed');
    });
  });

  describe('password reset', () => {
    it('mails a single-use token; the reset ends every session of the account', async () => {
      const { email, res: firstRes, auth: firstAuth, session } = await signUp('reset');
      const second = await t.http.post('/api/v1/account/auth').send({ email, password });
      const secondAuth = bearer(expectSuccess(second).access_token);

      const since = smtp.mails.length;
      expect(expectSuccess(await t.http.post('/api/v1/account/reset-password/send-link').send({ email }))).toEqual({});
      const token = /\b(bpw_\w+)/.exec((await smtp.next(email, since)).data)![1];

      expect(expectSuccess(await t.http.post('/api/v1/account/reset-password/validate-token').send({ token }))).toEqual(
        { account_id: session.user_id, valid: true },
      );
      expectError(
        await t.http.post('/api/v1/account/reset-password').send({ token, new_password: 'short' }),
        400,
        'validation_failed',
      );
      expect(
        expectSuccess(
          await t.http.post('/api/v1/account/reset-password').send({ token, new_password: 'a brand new password' }),
        ),
      ).toEqual({});

      for (const auth of [firstAuth, secondAuth]) {
        expectError(await t.http.get('/api/v1/account').set(auth), 401, 'unauthorized');
      }
      for (const res of [firstRes, second]) {
        expectError(await t.http.post('/api/v1/account/refresh').set(cookie(refreshValue(res))), 401, 'unauthorized');
      }
      expectError(await t.http.post('/api/v1/account/auth').send({ email, password }), 401, 'unauthorized');
      expectSuccess(await t.http.post('/api/v1/account/auth').send({ email, password: 'a brand new password' }));

      expect(expectSuccess(await t.http.post('/api/v1/account/reset-password/validate-token').send({ token }))).toEqual(
        { account_id: null, valid: false },
      );
      expectError(
        await t.http.post('/api/v1/account/reset-password').send({ token, new_password: 'yet another password' }),
        400,
        'validation_failed',
      );
    });

    it('a token is valid for one hour', async () => {
      const { email } = await signUp('resetold');
      const since = smtp.mails.length;
      await t.http.post('/api/v1/account/reset-password/send-link').send({ email }).expect(200);
      const token = /\b(bpw_\w+)/.exec((await smtp.next(email, since)).data)![1];
      // Stored as its keyed digest (CONTRACT 20), never as the token or its plain SHA-256.
      const digest = t.app.get(SecretBox).digest(token);
      const [row] = await db.query(
        `SELECT (expires_at - created_at) BETWEEN interval '59 minutes 59 seconds' AND interval '1 hour 1 second' AS ok
         FROM password_resets WHERE token_hash = $1`,
        [digest],
      );
      expect(row).toEqual({ ok: true });
      await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        digest,
      ]);
      expectError(
        await t.http.post('/api/v1/account/reset-password').send({ token, new_password: 'too late password' }),
        400,
        'validation_failed',
      );
    });

    it('answers a known and an unknown e-mail alike: status, body, and time (medians within noise)', async () => {
      const { email } = await signUp('resettiming');
      const unknown = uniqueEmail('nobody');
      const send = (address: string) =>
        t.http.post('/api/v1/account/reset-password/send-link').send({ email: address });

      const known = await send(email);
      const ghost = await send(unknown);
      expect(ghost.status).toBe(known.status);
      const strip = (body: any) => ({ ...body, meta: undefined });
      expect(strip(ghost.body)).toEqual(strip(known.body));
      expect(Object.keys(ghost.headers).sort()).toEqual(Object.keys(known.headers).sort());

      // One link a minute per e-mail (CONTRACT 20): each timed request asks for another e-mail.
      const knownEmails: string[] = [];
      for (let i = 0; i < 30; i++) knownEmails.push((await signUp('resettiming')).email);
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (const knownEmail of knownEmails) {
        for (const [kind, address] of [
          ['known', knownEmail],
          ['unknown', uniqueEmail('nobody')],
        ] as const) {
          const started = process.hrtime.bigint();
          const res = await send(address);
          times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
          expect(res.status).toBe(200);
        }
      }
      const difference = Math.abs(median(times.known) - median(times.unknown));
      expect(difference).toBeLessThan(15);
    });
  });
});
