/** @own-database */
import request from 'supertest';
import { Client } from 'pg';
import { expectSuccess } from '../support/expectations';
import { newAccount, newCompany, TestAccount } from '../support/factories';
import { ServiceProcess, startServiceProcess, stopServiceProcess } from '../support/service-process';
import { ReceivedDelivery, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Webhook deliveries across real processes (CONTRACT 19): a committed change's event survives a
 * SIGKILL of its service, and instances sharing a database deliver each event once per webhook.
 */
jest.setTimeout(240_000);

type Service = ServiceProcess;

/** The service with webhooks allowed to this test's receiver on loopback. */
const startService = (settings: Record<string, string>) =>
  startServiceProcess({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000', ...settings });
const stop = stopServiceProcess;

/** How many times each value of `key` occurs among the deliveries. */
function counts(deliveries: ReceivedDelivery[], key: (delivery: ReceivedDelivery) => string): Map<string, number> {
  const seen = new Map<string, number>();
  for (const delivery of deliveries) seen.set(key(delivery), (seen.get(key(delivery)) ?? 0) + 1);
  return seen;
}
const eventIdOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body).id as string;
const deliveryIdOf = (delivery: ReceivedDelivery) => String(delivery.headers['webhook-id']);

describe('Webhooks across processes', () => {
  let receiver: WebhookReceiver;
  let db: Client;
  const services: Service[] = [];
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((service) => stop(service, 'SIGKILL')));
  });
  afterAll(async () => {
    await receiver.stop();
    await db.end();
  });

  async function companyWithWebhook(service: Service, label: string, paths: string[]) {
    const http = request(service.url);
    const owner = await newAccount(http, label);
    const companyId = (await newCompany(http, owner)).id as string;
    for (const path of paths)
      expectSuccess(
        await http
          .post(`/api/v1/companies/${companyId}/webhooks`)
          .set(owner.auth)
          .send({ url: receiver.url(path), events: ['crm.sources.create'] }),
        201,
      );
    return { owner, companyId };
  }
  const newSource = (service: Service, owner: TestAccount, companyId: string, name: string) =>
    request(service.url)
      .post(`/api/v1/companies/${companyId}/modules/crm/sources`)
      .set(owner.auth)
      .send({ name, type: 'other' });
  const committedEvents = async (companyId: string) =>
    (
      await db.query<{ id: string }>(`SELECT id FROM webhook_events WHERE company_id = $1 AND type = $2`, [
        companyId,
        'crm.sources.create',
      ])
    ).rows.map((row) => row.id);

  it('SIGKILL with events in the outbox: after a restart every committed change is delivered, no delivery id twice', async () => {
    // The first instance never gets to deliver: its worker would first look after ten minutes.
    const first = await startService({ WEBHOOK_POLL_MS: '600000' });
    services.push(first);
    const { owner, companyId } = await companyWithWebhook(first, 'webhooks-kill', ['/killed']);
    const answered: string[] = [];
    const writes = Array.from({ length: 30 }, (_, i) =>
      newSource(first, owner, companyId, `Source ${i}`).then(
        (res) => res.status === 201 && answered.push(res.body.data.id),
        () => undefined,
      ),
    );
    // Killed while the writes are still arriving: some commit, some never run.
    await new Promise((done) => setTimeout(done, 150));
    await stop(first, 'SIGKILL');
    await Promise.all(writes);
    const committed = await committedEvents(companyId);
    expect(committed.length).toBeGreaterThanOrEqual(answered.length);
    expect(receiver.to('/killed')).toHaveLength(0);

    const second = await startService({ WEBHOOK_POLL_MS: '50' });
    services.push(second);
    await receiver.until(() => receiver.to('/killed').length >= committed.length, 30_000);
    await new Promise((done) => setTimeout(done, 1000));
    const received = receiver.to('/killed');
    expect([...counts(received, deliveryIdOf).values()].every((n) => n === 1)).toBe(true);
    expect([...counts(received, eventIdOf).keys()].sort()).toEqual([...committed].sort());
    const deliveredSources = received.map((delivery) => JSON.parse(delivery.body).data.id);
    expect(deliveredSources).toEqual(expect.arrayContaining(answered));
  });

  it('two instances on one database deliver each event once per webhook', async () => {
    const a = await startService({ WEBHOOK_POLL_MS: '20' });
    services.push(a);
    const b = await startService({ WEBHOOK_POLL_MS: '20' });
    services.push(b);
    const { owner, companyId } = await companyWithWebhook(a, 'webhooks-pair', ['/pair-1', '/pair-2']);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => newSource(i % 2 ? a : b, owner, companyId, `Pair ${i}`)),
    );
    expect(answers.every((res) => res.status === 201)).toBe(true);
    for (const path of ['/pair-1', '/pair-2']) await receiver.until(() => receiver.to(path).length >= 40, 30_000);
    await new Promise((done) => setTimeout(done, 1000));
    const committed = (await committedEvents(companyId)).sort();
    expect(committed).toHaveLength(40);
    for (const path of ['/pair-1', '/pair-2']) {
      const received = receiver.to(path);
      expect(received).toHaveLength(40);
      const perEvent = counts(received, eventIdOf);
      expect([...perEvent.keys()].sort()).toEqual(committed);
      expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
    }
  });
});
