import { Client } from 'pg';
import request from 'supertest';
import { expectSuccess } from '../support/expectations';
import { uniqueEmail } from '../support/factories';
import { readMail } from '../support/mail';
import { createOwnDatabase, OwnDatabase } from '../support/own-database';
import { ServiceProcess, startServiceProcess, stopServiceProcess } from '../support/service-process';
import { SmtpListener } from '../support/smtp-listener';

/**
 * The mail outbox across real processes (CONTRACT 23): a message committed by a service that is
 * SIGKILLed before it sends is sent by the next one, once.
 */
jest.setTimeout(240_000);

describe('Mail across processes', () => {
  const smtp = new SmtpListener();
  let smtpUrl: string;
  let ownDatabase: OwnDatabase;
  let db: Client;
  const services: ServiceProcess[] = [];

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

  async function startService(settings: Record<string, string>): Promise<ServiceProcess> {
    const service = await startServiceProcess({ DATABASE_URL: ownDatabase.url, SMTP_URL: smtpUrl, ...settings });
    services.push(service);
    return service;
  }

  const kill = (service: ServiceProcess) => stopServiceProcess(service, 'SIGKILL');

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
