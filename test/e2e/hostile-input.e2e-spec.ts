/** @shared-app */
import { gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { addMember, newAccount, newCompany, TestAccount } from '../support/factories';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { expectError, expectSuccess } from '../support/expectations';
import { companyOf, crm } from '../support/urls';

/** Input that once answered 500 (issue 14, defect 3): each is decided once, in the core, as a 400. */
describe('Hostile input', () => {
  let t: SharedTestApp;
  let owner: TestAccount;
  let companyId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await newAccount(t.http, 'hostile');
    companyId = (await newCompany(t.http, owner)).id;
  });
  afterAll(() => t.close());

  const clients = () => `${crm(companyId)}/clients`;
  const rawJson = () => ({ 'Content-Type': 'application/json', ...owner.auth });
  /** Sends the bytes as they are (superagent would serialise a Buffer as JSON). */
  const asIs = (body: unknown) => body as string;

  it.each(['gzip', 'deflate', 'br'])('a %s body that does not decode is 400', async (encoding) => {
    const res = await t.http
      .post('/api/v1/companies')
      .set({ ...rawJson(), 'Content-Encoding': encoding })
      .serialize(asIs)
      .send(Buffer.from('this is not compressed at all'));
    const body = expectError(res, 400, 'validation_failed');
    expect(body.error.details).toEqual([{ field: 'body', message: `must be ${encoding}-encoded as declared` }]);
  });

  it('a gzip body that decodes is accepted', async () => {
    const res = await t.http
      .post('/api/v1/companies')
      .set({ ...rawJson(), 'Content-Encoding': 'gzip' })
      .serialize(asIs)
      .send(gzipSync(JSON.stringify({ name: 'Zipped' })));
    expect(expectSuccess(res, 201).name).toBe('Zipped');
  });

  it('NUL in a body text field is 400 naming the field', async () => {
    const res = await t.http.post('/api/v1/companies').set(owner.auth).send({ name: 'Nul\u0000Co' });
    expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
      { field: 'name', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
  });

  it('NUL inside metadata is 400 naming the nested field', async () => {
    const res = await t.http
      .post(clients())
      .set(owner.auth)
      .send({ first_name: 'Meta', type: 'individual', metadata: { note: ['ok', 'bad\u0000'] } });
    expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
      { field: 'metadata.note.1', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
  });

  it('NUL in a query parameter is 400 naming it', async () => {
    const res = await t.http.get(`${clients()}?search=a%00b`).set(owner.auth);
    expect(expectError(res, 400, 'validation_failed').error.details).toEqual([
      { field: 'search', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
  });

  it('a lone surrogate in a body is 400, and in an e-mail too', async () => {
    const company = await t.http.post('/api/v1/companies').set(rawJson()).send('{"name":"half \\ud800 pair"}');
    expect(expectError(company, 400, 'validation_failed').error.details[0].field).toBe('name');
    const register = await t.http
      .post('/api/v1/account/reg')
      .set('Content-Type', 'application/json')
      .send('{"email":"a\\udc00b@example.test","password":"correct horse battery","name":"X"}');
    expect(expectError(register, 400, 'validation_failed').error.details[0].field).toBe('email');
  });

  it('a key of a body object holding NUL is 400', async () => {
    const res = await t.http
      .post(clients())
      .set(rawJson())
      .send('{"first_name":"K","type":"individual","metadata":{"a\\u0000":1}}');
    expectError(res, 400, 'validation_failed');
  });

  it('a request line over 16 KiB is 431 with the error envelope', async () => {
    const res = await t.http.get(`${clients()}?search=${'x'.repeat(20_000)}`).set(owner.auth);
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ status: false, data: {}, error: { code: 'validation_failed' } });
    expect(res.body.error.details).toEqual([{ field: 'headers', message: expect.any(String) }]);
  });

  it('a page beyond what OFFSET accepts is 400, not 500', async () => {
    for (const page of ['1000000000000000000000', '92233720368547758']) {
      const res = await t.http.get(`${clients()}?page=${page}`).set(owner.auth);
      expect(expectError(res, 400, 'validation_failed').error.details.map((d: { field: string }) => d.field)).toEqual([
        'page',
      ]);
    }
  });

  it.each(['name', 'type', 'description'])('PATCH /account with %s null is 400', async (field) => {
    const res = await t.http
      .patch('/api/v1/account')
      .set(owner.auth)
      .send({ [field]: null });
    expect(expectError(res, 400, 'validation_failed').error.details[0].field).toBe(field);
  });

  it('an over-long X-Forwarded-For entry does not break an audited write', async () => {
    const res = await t.http
      .patch(companyOf(companyId))
      .set({ ...owner.auth, 'X-Forwarded-For': 'f'.repeat(100) })
      .send({ description: 'forwarded' });
    expectSuccess(res);
    const records = await t.db.query(
      `SELECT status, ip FROM audit_logs WHERE company_id = $1 AND key = 'company.update'`,
      [companyId],
    );
    // TRUST_PROXY unset believes no X-Forwarded-For (CONTRACT 20): the socket's peer is recorded.
    expect(records).toEqual([{ status: 'success', ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/) }]);
  });

  describe('a refused attempt is recorded whatever its body (defect 7)', () => {
    let member: TestAccount;
    beforeAll(async () => {
      member = await newAccount(t.http, 'refused');
      await addMember(t.db, companyId, member, []);
    });
    const refusalsOfMember = () =>
      t.db.query(
        `SELECT status, metadata FROM audit_logs WHERE company_id = $1 AND account_id = $2 ORDER BY created_at`,
        [companyId, member.id],
      );

    it('with NUL, lone surrogates and a deeply nested body', async () => {
      const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
      const bodies = [
        '{"first_name":"Nul\\u0000","type":"individual"}',
        '{"first_name":"half \\ud800","type":"individual"}',
        `{"first_name":"Deep","type":"individual","metadata":${deep}}`,
      ];
      for (const body of bodies) {
        const res = await t.http
          .post(clients())
          .set({ 'Content-Type': 'application/json', ...member.auth })
          .send(body);
        expectError(res, 403, 'forbidden');
      }
      const records = await refusalsOfMember();
      expect(records.map((r: { status: string }) => r.status)).toEqual(['error', 'error', 'error']);
      expect(records[0].metadata.changes.first_name).toBe('Nul\ufffd');
      expect(records[1].metadata.changes.first_name).toBe('half \ufffd');
      expect(JSON.stringify(records[2].metadata.changes.metadata)).toContain('[nested too deep]');
    });
  });
});
