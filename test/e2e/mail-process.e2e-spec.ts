import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { freePort } from '../../src/common/free-port';
import { expectSuccess } from '../support/expectations';
import { uniqueEmail } from '../support/factories';
import { readMail } from '../support/mail';
import { createOwnDatabase, OwnDatabase } from '../support/own-database';
import { SmtpListener } from '../support/smtp-listener';

/**
 * The mail outbox across real processes (CONTRACT 23): a message committed by a service that is
 * SIGKILLed before it sends is sent by the next one, once.
 */
const ROOT = resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 90_000;
jest.setTimeout(240_000);

interface Service {
  child: ChildProcess;
  url: string;
}

describe('Mail across processes', () => {
  const smtp = new SmtpListener();
  let smtpUrl: string;
  let ownDatabase: OwnDatabase;
  let db: Client;
  const services: Service[] = [];

  beforeAll(async () => {
    smtpUrl = await smtp.start();
    ownDatabase = await createOwnDatabase('mail_process');
    db = new Client({ connectionString: ownDatabase.url });
    await db.connect();
  });
  afterAll(async () => {
    for (const service of services) await kill(service);
    await db.end();
    await smtp.stop();
    await ownDatabase.drop();
  });

  async function startService(settings: Record<string, string>): Promise<Service> {
    const port = await freePort();
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: ownDatabase.url,
        DB_MIGRATE: 'false',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        SMTP_URL: smtpUrl,
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      const live = await fetch(`${url}/api/v1/health/live`).then(
        (res) => res.status,
        () => null,
      );
      if (live === 200) break;
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`service did not start\n${output}`);
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    const service = { child, url };
    services.push(service);
    return service;
  }

  async function kill(service: Service): Promise<void> {
    if (service.child.exitCode !== null || service.child.signalCode) return;
    const exited = new Promise((done) => service.child.once('exit', done));
    service.child.kill('SIGKILL');
    await exited;
  }

  it('SIGKILL after the commit and before the send: the next process sends the message, once', async () => {
    // The first process never gets to send: its sender would first look after ten minutes.
    const first = await startService({ MAIL_POLL_MS: '600000' });
    const email = uniqueEmail('killed');
    const res = await request(first.url)
      .post('/api/v1/account/reg')
      .send({ email, password: 'correct horse battery', name: 'Survivor' });
    expect(expectSuccess(res, 201).email_sent).toBe(true);
    await kill(first);
    const queued = await db.query(`SELECT status FROM mail_outbox WHERE recipient = $1`, [email]);
    expect(queued.rows).toEqual([{ status: 'pending' }]);
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(0);

    await startService({ MAIL_POLL_MS: '50' });
    const mail = readMail(await smtp.next(email, 0, 30_000));
    expect(mail.subject).toMatch(/^Код подтверждения: \d{6}$/);
    const outbox = async () =>
      (await db.query(`SELECT status, params FROM mail_outbox WHERE recipient = $1`, [email])).rows;
    for (let waited = 0; (await outbox())[0].status !== 'sent' && waited < 5_000; waited += 50) {
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(await outbox()).toEqual([{ status: 'sent', params: null }]);
    await new Promise((done) => setTimeout(done, 300));
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });
});
