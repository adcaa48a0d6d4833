/** @own-database */
import '../support/webhook-env';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { Metrics } from '../../src/core/metrics/metrics';
import { WebhookDeliverer } from '../../src/modules/companies/webhooks/webhook-deliverer';
import { expectError, expectPage, expectSuccess, TIMESTAMP, UUID } from '../support/expectations';
import { addMember, auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import { newUnit } from '../support/warehouse';
import { createTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { webhooksOf, wm } from '../support/urls';

/** Webhooks of a company: the outbox, signed deliveries, retries (CONTRACT 19, docs/webhooks.md). */
describe('Webhooks', () => {
  let t: TestApp;
  let db: DataSource;
  let receiver: WebhookReceiver;
  let owner: TestAccount;
  let companyId: string;
  let sourceId: string;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    receiver = await new WebhookReceiver().start();
    owner = await newAccount(t.http, 'webhooks');
    companyId = (await newCompany(t.http, owner)).id;
    sourceId = expectPage(
      await t.http.get(`/api/v1/companies/${companyId}/modules/crm/sources`).set(owner.auth),
      'sources',
    ).items.find((source: any) => source.system).id;
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(() => {
    receiver.answer = (_delivery, res) => res.end('ok');
  });

  let paths = 0;
  /** A webhook posting to its own path of the receiver. */
  async function newWebhook(events: string[], id = companyId) {
    const path = `/hook-${++paths}`;
    const created = expectSuccess(
      await t.http
        .post(webhooksOf(id))
        .set(owner.auth)
        .send({ url: receiver.url(path), events, description: 'test' }),
      201,
    );
    return { ...created, path };
  }
  const newClient = async (name: string, id = companyId) =>
    expectSuccess(
      await t.http
        .post(`/api/v1/companies/${id}/modules/crm/clients`)
        .set(owner.auth)
        .send({ first_name: name, type: 'individual', source_id: sourceId }),
      201,
    );
  const deliveriesOf = async (webhookId: string) =>
    expectPage(await t.http.get(`${webhooksOf(companyId)}/${webhookId}/deliveries`).set(owner.auth), 'deliveries')
      .items;

  it('creates a webhook with its secret shown once; lists, reads, changes and deletes it', async () => {
    const created = await newWebhook(['crm.clients.create']);
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      url: receiver.url(created.path),
      events: ['crm.clients.create'],
      description: 'test',
      active: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      path: created.path,
    });
    const { secret, path, ...shown } = created;
    expect(expectSuccess(await t.http.get(`${webhooksOf(companyId)}/${created.id}`).set(owner.auth))).toEqual(shown);
    expect(expectPage(await t.http.get(webhooksOf(companyId)).set(owner.auth), 'webhooks').items).toContainEqual(shown);
    const changed = expectSuccess(
      await t.http
        .patch(`${webhooksOf(companyId)}/${created.id}`)
        .set(owner.auth)
        .send({ active: false, description: null }),
    );
    expect(changed).toMatchObject({ active: false, description: null });
    expect(changed.secret).toBeUndefined();
    expectSuccess(await t.http.delete(`${webhooksOf(companyId)}/${created.id}`).set(owner.auth));
    expectError(await t.http.get(`${webhooksOf(companyId)}/${created.id}`).set(owner.auth), 404, 'not_found');
    // Events about webhooks carry no secret, and the audit record none either.
    const records = await auditRecords(db, companyId, 'webhooks.create');
    expect(JSON.stringify(records)).not.toContain(secret.slice(6));
  });

  it('refuses unknown and read codes as events, and an empty list (400 naming the field)', async () => {
    const send = (events: unknown) =>
      t.http.post(webhooksOf(companyId)).set(owner.auth).send({ url: receiver.url(), events });
    const fields = (res: any) => expectError(res, 400, 'validation_failed').error.details.map((d: any) => d.field);
    expect(fields(await send(['crm.clients']))).toEqual(['events.0']);
    expect(fields(await send(['*', 'no.such.code']))).toEqual(['events.1']);
    expect(fields(await send([]))).toEqual(['events']);
    expect(fields(await send('*'))).toContain('events');
  });

  it('delivers each event once per webhook, signed so that a Standard Webhooks verifier accepts it', async () => {
    const clients = await newWebhook(['crm.clients.create']);
    const everything = await newWebhook(['*']);
    const client = await newClient('Ada');
    const clientEvents = (path: string) =>
      receiver.to(path).filter((delivery) => JSON.parse(delivery.body).type === 'crm.clients.create');
    await receiver.until(() => clientEvents(clients.path).length === 1 && clientEvents(everything.path).length === 1);
    for (const hook of [clients, everything]) {
      const [delivery] = clientEvents(hook.path);
      const event = new Webhook(hook.secret).verify(delivery.body, delivery.headers as Record<string, string>) as any;
      expect(event).toEqual({
        id: expect.stringMatching(UUID),
        type: 'crm.clients.create',
        company_id: companyId,
        created_at: expect.stringMatching(TIMESTAMP),
        request_id: expect.any(String),
        data: JSON.parse(JSON.stringify(client)),
      });
      const listed = (await deliveriesOf(hook.id)).find((d: any) => d.id === delivery.headers['webhook-id']);
      expect(listed).toEqual({
        id: delivery.headers['webhook-id'],
        event_id: event.id,
        event_type: 'crm.clients.create',
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
        delivered_at: expect.stringMatching(TIMESTAMP),
        created_at: expect.stringMatching(TIMESTAMP),
      });
    }
    // The same event to both webhooks, each under its own delivery id.
    const [a, b] = [clientEvents(clients.path)[0], clientEvents(everything.path)[0]];
    expect(JSON.parse(a.body).id).toBe(JSON.parse(b.body).id);
    expect(a.headers['webhook-id']).not.toBe(b.headers['webhook-id']);
    // Nothing more arrives: each once.
    await new Promise((done) => setTimeout(done, 500));
    expect(receiver.to(clients.path)).toHaveLength(1);
    expect(receiver.to(everything.path)).toHaveLength(2);
    // A verifier with another secret refuses it.
    expect(() => new Webhook(everything.secret).verify(a.body, a.headers as Record<string, string>)).toThrow();
    for (const hook of [clients, everything])
      await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('an update sends the resource as answered; a deletion {id}; events about webhooks carry no secret', async () => {
    const hook = await newWebhook(['crm.clients.update', 'webhooks.create', 'webhooks.delete']);
    const client = await newClient('Grace');
    const updated = expectSuccess(
      await t.http
        .patch(`/api/v1/companies/${companyId}/modules/crm/clients/${client.id}`)
        .set(owner.auth)
        .send({ first_name: 'Grace H.' }),
    );
    const other = await newWebhook(['crm.clients.create']);
    expectSuccess(await t.http.delete(`${webhooksOf(companyId)}/${other.id}`).set(owner.auth));
    // Its own creation (it matches the event written in its own transaction), the update, the other's creation and deletion.
    await receiver.until(() => receiver.to(hook.path).length === 4);
    const events = receiver.to(hook.path).map((delivery) => JSON.parse(delivery.body));
    expect(events[0]).toMatchObject({ type: 'webhooks.create', data: { id: hook.id } });
    const byType = Object.fromEntries(events.slice(1).map((event) => [event.type, event.data]));
    expect(byType['crm.clients.update']).toEqual(JSON.parse(JSON.stringify(updated)));
    const { secret, path, ...shown } = other;
    expect(byType['webhooks.create']).toEqual(shown);
    expect(JSON.stringify(events)).not.toContain(secret.slice(6));
    expect(byType['webhooks.delete']).toEqual({ id: other.id });
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('a rolled-back change (a refused stock outcome) emits no event', async () => {
    const hook = await newWebhook(['wm.stocks.batches.create']);
    const unit = await newUnit(t.http, owner, companyId);
    const batch = (direction: string, quantity: number) =>
      t.http
        .post(`${wm(companyId)}/stocks/batches`)
        .set(owner.auth)
        .send({ direction, positions: [{ unit_id: unit.id, quantity }] });
    expectSuccess(await batch('income', 5), 201);
    expectError(await batch('outcome', 6), 409, 'limit_exceeded');
    expectSuccess(await batch('outcome', 2), 201);
    await receiver.until(() => receiver.to(hook.path).length === 2);
    await new Promise((done) => setTimeout(done, 500));
    const sent = receiver.to(hook.path).map((delivery) => JSON.parse(delivery.body).data.direction);
    expect(sent).toEqual(['income', 'outcome']);
    const events = await db.query(`SELECT count(*)::int AS n FROM webhook_events WHERE company_id = $1 AND type = $2`, [
      companyId,
      'wm.stocks.batches.create',
    ]);
    expect(events[0].n).toBe(2);
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('retries after a 500 and after a timeout, under the same webhook-id; the deliveries list shows it', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    let calls = 0;
    receiver.answer = (delivery, res) => {
      if (delivery.path !== hook.path) return res.end('ok');
      calls += 1;
      if (calls === 1) {
        res.statusCode = 500;
        return res.end('broken');
      }
      if (calls === 2) return; // never answers: the sender times out
      res.end('ok');
    };
    await newClient('Linus');
    await receiver.until(() => receiver.to(hook.path).length === 3, 20_000);
    const ids = new Set(receiver.to(hook.path).map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const [delivery] = await deliveriesOf(hook.id);
    await receiver.until(() => calls === 3);
    const settled = async () => (await deliveriesOf(hook.id))[0];
    let listed = await settled();
    for (let i = 0; i < 40 && listed.status !== 'delivered'; i++) {
      await new Promise((done) => setTimeout(done, 50));
      listed = await settled();
    }
    expect(listed).toMatchObject({ id: delivery.id, status: 'delivered', attempts: 3, last_status_code: 200 });
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('gives up after the schedule; a retry queues the same delivery again and counts on', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    receiver.answer = (delivery, res) => {
      res.statusCode = delivery.path === hook.path ? 503 : 200;
      res.end();
    };
    await newClient('Barbara');
    // One attempt and three retries (the test schedule), then failed.
    await receiver.until(() => receiver.to(hook.path).length === 4, 20_000);
    let [delivery] = await deliveriesOf(hook.id);
    for (let i = 0; i < 40 && delivery.status !== 'failed'; i++) {
      await new Promise((done) => setTimeout(done, 50));
      [delivery] = await deliveriesOf(hook.id);
    }
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 4,
      last_status_code: 503,
      last_error: 'HTTP 503',
      next_attempt_at: null,
    });
    receiver.answer = (_delivery, res) => res.end('ok');
    const queued = expectSuccess(
      await t.http.post(`${webhooksOf(companyId)}/${hook.id}/deliveries/${delivery.id}/retry`).set(owner.auth),
    );
    expect(queued).toMatchObject({ id: delivery.id, status: 'pending', attempts: 4 });
    await receiver.until(() => receiver.to(hook.path).length === 5);
    expect(receiver.to(hook.path)[4].headers['webhook-id']).toBe(delivery.id);
    // A delivery of another webhook is not found under this one.
    const other = await newWebhook(['crm.clients.create']);
    expectError(
      await t.http.post(`${webhooksOf(companyId)}/${other.id}/deliveries/${delivery.id}/retry`).set(owner.auth),
      404,
      'not_found',
    );
    for (const h of [hook, other]) await t.http.delete(`${webhooksOf(companyId)}/${h.id}`).set(owner.auth);
  });

  it('a webhook whose deliveries all failed for 5 days is set inactive; a success clears the failing streak', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    const failing = await newWebhook(['crm.clients.create']);
    await db.query(`UPDATE webhooks SET failing_since = now() - interval '5 days 1 minute' WHERE id = ANY($1)`, [
      [hook.id, failing.id],
    ]);
    receiver.answer = (delivery, res) => {
      res.statusCode = delivery.path === failing.path ? 500 : 200;
      res.end();
    };
    await newClient('Alan');
    await receiver.until(() => receiver.to(hook.path).length === 1 && receiver.to(failing.path).length === 1);
    let state = expectSuccess(await t.http.get(`${webhooksOf(companyId)}/${failing.id}`).set(owner.auth));
    for (let i = 0; i < 40 && state.active; i++) {
      await new Promise((done) => setTimeout(done, 50));
      state = expectSuccess(await t.http.get(`${webhooksOf(companyId)}/${failing.id}`).set(owner.auth));
    }
    expect(state.active).toBe(false);
    expect(expectSuccess(await t.http.get(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth)).active).toBe(true);
    const [{ failing_since }] = await db.query(`SELECT failing_since FROM webhooks WHERE id = $1`, [hook.id]);
    expect(failing_since).toBeNull();
    // Inactive: its retries wait, nothing more is sent.
    await new Promise((done) => setTimeout(done, 600));
    expect(receiver.to(failing.path)).toHaveLength(1);
    for (const h of [hook, failing]) await t.http.delete(`${webhooksOf(companyId)}/${h.id}`).set(owner.auth);
  });

  it('after a rotation both secrets sign, and the rotate answer shows only the new one once', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    const rotated = expectSuccess(
      await t.http.post(`${webhooksOf(companyId)}/${hook.id}/rotate-secret`).set(owner.auth),
    );
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    await newClient('Edsger');
    await receiver.until(() => receiver.to(hook.path).length === 1);
    const [delivery] = receiver.to(hook.path);
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated.secret])
      expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toBeTruthy();
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('needs the webhooks permissions: a member without them is refused', async () => {
    const member = await newAccount(t.http, 'webhooks-member');
    await addMember(db, companyId, member);
    expectError(await t.http.get(webhooksOf(companyId)).set(member.auth), 403, 'forbidden');
  });

  it('a slow receiver does not delay the API', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    receiver.answer = (delivery, res) => {
      if (delivery.path !== hook.path) res.end('ok');
    };
    for (let i = 0; i < 5; i++) await newClient(`Slow ${i}`);
    await receiver.until(() => receiver.to(hook.path).length >= 1);
    const started = Date.now();
    expectSuccess(await t.http.get(webhooksOf(companyId)).set(owner.auth));
    await newClient('Fast');
    expect(Date.now() - started).toBeLessThan(500);
    await t.http
      .patch(`${webhooksOf(companyId)}/${hook.id}`)
      .set(owner.auth)
      .send({ active: false });
  });

  it('forgets events of more than 30 days that wait for no delivery, with their deliveries', async () => {
    const hook = await newWebhook(['crm.clients.create']);
    await newClient('Old');
    await receiver.until(() => receiver.to(hook.path).length === 1);
    const [delivery] = await deliveriesOf(hook.id);
    await db.query(`UPDATE webhook_events SET created_at = now() - interval '31 days' WHERE id = $1`, [
      delivery.event_id,
    ]);
    await t.app.get(WebhookDeliverer).forgetOldEvents();
    expect(await deliveriesOf(hook.id)).toEqual([]);
    await t.http.delete(`${webhooksOf(companyId)}/${hook.id}`).set(owner.auth);
  });

  it('exports deliveries by outcome and the age of the oldest pending event', async () => {
    const metrics = await t.app.get(Metrics).registry.metrics();
    expect(metrics).toMatch(/webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
    expect(metrics).toMatch(/webhook_deliveries_total\{outcome="retrying"\} [1-9]/);
    expect(metrics).toMatch(/webhook_deliveries_total\{outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/webhook_outbox_oldest_pending_seconds [0-9.]+/);
  });
});
