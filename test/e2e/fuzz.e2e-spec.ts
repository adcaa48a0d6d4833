/** @shared-app */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { newAccount, newApiKey, newCompany, TestAccount } from '../support/factories';
import { expectPage, expectSuccess } from '../support/expectations';
import {
  BodyKind,
  bodyKind,
  CredentialKind,
  credentialKind,
  FuzzOperation,
  fuzzOperations,
  hostileId,
  hostileString,
  hostileValue,
  LEAKS,
} from '../support/fuzz';
import { sharedTestApp, SharedTestApp } from '../support/shared-app';
import { moduleOf } from '../support/urls';

/**
 * Property-based fuzzing of every operation of the served OpenAPI document (issue 14): wrong
 * types, hostile strings, bad encodings and content types, hostile ids and paging, duplicated
 * credentials. Whatever is sent: never a 5xx, always the envelope, never a stack, SQL or hash.
 * FUZZ_RUNS (default 2,000 in `npm test`; `npm run fuzz` runs 25,000) and FUZZ_SEED (named with each
 * failure) replay a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Percent-encodes any string, a lone surrogate as the (invalid UTF-8) bytes of one: hostile too. */
const percentEncoded = (value: string) =>
  Array.from(value, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

/** Operations whose success would end the fuzzer's own context: their ids are never the real ones. */
const CONTEXT_ENDING = [/^DELETE \/api\/v1\/companies\/\{id\}$/, /\/logout$/, /\/modules\/accounts\/\{accountId\}$/];

describe('Fuzz: every operation, hostile input', () => {
  let t: SharedTestApp;
  let owner: TestAccount;
  let rawKey: string;
  let operations: FuzzOperation[];
  const realIds = new Map<string, string>();
  const tally = new Map<number, number>();

  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await newAccount(t.http, 'fuzz');
    rawKey = (await newApiKey(t.http, owner, { daily_requests: 1_000_000 })).raw_key;
    const company = await newCompany(t.http, owner);
    realIds.set('id', company.id);
    realIds.set('accountId', owner.id);
    const crm = moduleOf(company.id, 'crm');
    const sourceId = expectPage(await t.http.get(`${crm}/sources`).set(owner.auth), 'sources').items[0].id;
    realIds.set('sourceId', sourceId);
    const client = { first_name: 'Fuzz', type: 'individual', source_id: sourceId };
    realIds.set('clientId', expectSuccess(await t.http.post(`${crm}/clients`).set(owner.auth).send(client), 201).id);
    operations = fuzzOperations((await t.http.get('/api/docs-json')).body);
  });
  afterAll(async () => {
    const counts = [...tally.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(
      `fuzz: ${RUNS} requests over ${operations.length} operations, seed ${SEED}; by status ${counts.join(', ')}`,
    );
    await t.close();
  });

  function credentials(kind: CredentialKind, op: FuzzOperation): Array<[string, string]> {
    const session = `Bearer ${owner.token}`;
    if (CONTEXT_ENDING.some((pattern) => pattern.test(`${op.method} ${op.path}`)) && kind === 'session') kind = 'key';
    switch (kind) {
      case 'key':
        return [['X-API-Key', rawKey]];
      case 'session':
        return [['Authorization', session]];
      case 'both':
        return [
          ['Authorization', `Bearer ${rawKey}`],
          ['X-API-Key', rawKey],
        ];
      case 'duplicate':
        return [
          ['Authorization', `Bearer ${rawKey}, Bearer bpk_other`],
          ['X-API-Key', `${rawKey}, bpk_other`],
        ];
      case 'garbage':
        return [['Authorization', 'Bearer bpk_\u00ffgarbage\tx']];
      default:
        return [];
    }
  }

  function url(op: FuzzOperation, ids: Record<string, string>, query: Record<string, unknown>): string {
    const endsContext = CONTEXT_ENDING.some((pattern) => pattern.test(`${op.method} ${op.path}`));
    let path = op.path;
    for (const name of op.pathParams) {
      const value = endsContext ? ids[`random:${name}`] : ids[name];
      path = path.replace(`{${name}}`, percentEncoded(value));
    }
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  }

  async function send(
    op: FuzzOperation,
    target: string,
    headers: Array<[string, string]>,
    kind: BodyKind,
    body: Record<string, unknown>,
  ): Promise<Response> {
    let req = (t.http as any)[op.method.toLowerCase()](target);
    for (const [name, value] of headers) req = req.set(name, value);
    const asIs = (payload: unknown) => payload as string;
    switch (kind) {
      case 'json':
        return req.send(body);
      case 'raw-json':
        return req.set('Content-Type', 'application/json').send(JSON.stringify(body).replace(/"/, '"\\u0000'));
      case 'bad-json':
        return req.set('Content-Type', 'application/json').send('{"unterminated": [1, 2');
      case 'gzip-garbage':
        return req
          .set({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
          .serialize(asIs)
          .send(gzipSync(JSON.stringify(body)).subarray(0, 12));
      case 'wrong-type':
        return req.set('Content-Type', 'text/xml').send('<a>1</a>');
      default:
        return req;
    }
  }

  /** What is wrong with the answer, or null. */
  function problemOf(op: FuzzOperation, res: Response): string | null {
    tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
    const where = `${op.method} ${op.path} → ${res.status} ${res.text?.slice(0, 300)}`;
    if (res.status >= 500) return `5xx: ${where}`;
    const fileDownload = res.status < 300 && !/json/.test(String(res.headers['content-type']));
    if (fileDownload) return null;
    if (typeof res.body?.status !== 'boolean' || !res.body.meta || !('data' in res.body)) {
      return `not the envelope: ${where}`;
    }
    if (res.body.status === false && typeof res.body.error?.code !== 'string') return `no error code: ${where}`;
    const leak = LEAKS.find((pattern) => pattern.test(res.text));
    return leak ? `leak ${leak}: ${where}` : null;
  }

  it(`answers ${RUNS} hostile requests without a 5xx, a stack, SQL or a secret`, async () => {
    const request = fc.nat({ max: 10_000 }).chain((index) => {
      const op = operations[index % operations.length];
      const ids = fc.record(
        Object.fromEntries(
          op.pathParams.flatMap((name) => [
            [name, hostileId(realIds.get(name))],
            [`random:${name}`, hostileId(undefined)],
          ]),
        ) as Record<string, fc.Arbitrary<string>>,
      );
      const query = fc.dictionary(
        fc.oneof(
          fc.constantFrom(...(op.queryParams.length ? op.queryParams : ['page']), 'page', 'limit'),
          hostileString,
        ),
        fc.oneof(hostileValue, fc.constantFrom('0', '-1', '1e400', '9223372036854775808', '2.5', '[]', '')),
        { maxKeys: 4 },
      );
      const fields = op.bodyProperties.length ? op.bodyProperties : ['name'];
      const body = fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileString), hostileValue, {
        maxKeys: 6,
      });
      return fc.record({
        op: fc.constant(op),
        ids,
        query,
        body,
        kind: op.takesBody ? bodyKind : fc.constantFrom<BodyKind>('none', 'none', 'json', 'bad-json'),
        credential: credentialKind,
      });
    });

    // Generated in batches (seed, seed + 1, …) so a long run never holds every input at once;
    // a failure names its batch and index, which replay it.
    const BATCH = 500;
    const failures: string[] = [];
    for (let batch = 0; batch * BATCH < RUNS && failures.length < 10; batch++) {
      const inputs = fc.sample(request, { numRuns: Math.min(BATCH, RUNS - batch * BATCH), seed: SEED + batch });
      for (const [index, { op, ids, query, body, kind, credential }] of inputs.entries()) {
        const res = await send(op, url(op, ids, query), credentials(credential, op), kind, body);
        const problem = problemOf(op, res);
        if (problem) failures.push(`seed ${SEED + batch} #${index}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
