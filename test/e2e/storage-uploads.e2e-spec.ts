import { Client } from 'minio';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { MINIO_CLIENT, StorageService, UPLOAD_PART_BYTES } from '../../src/core/storage/storage.service';
import { expectError, expectSuccess, TIMESTAMP } from '../support/expectations';
import { auditRecords, newAccount, newCompany, TestAccount } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { companyOf } from '../support/urls';

const UPLOAD_MAX_MB = 20;
const MIB = 1024 * 1024;
/** The trial plan's limit_objects_count. */
const TRIAL_OBJECTS = 100000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);

/** CONTRACT 22: files a person uploads, deletes and links to. */
describe('Uploads, deletes and presigned links', () => {
  let t: TestApp;
  let db: DataSource;
  let minio: Client;
  let storage: StorageService;
  let port: number;
  const saved = process.env.UPLOAD_MAX_MB;

  beforeAll(async () => {
    process.env.UPLOAD_MAX_MB = String(UPLOAD_MAX_MB);
    // Imported after the environment is set: the config is read at import.
    const { createTestApp } = await import('../support/test-app');
    const { GeneratedReportModule } = await import('../support/docs');
    t = await createTestApp([], [GeneratedReportModule]);
    db = t.app.get(DataSource);
    minio = t.app.get(MINIO_CLIENT);
    storage = t.app.get(StorageService);
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    if (saved === undefined) delete process.env.UPLOAD_MAX_MB;
    else process.env.UPLOAD_MAX_MB = saved;
  });

  async function company(): Promise<{ owner: TestAccount; id: string; base: string }> {
    const owner = await newAccount(t.http, 'uploader');
    const id = (await newCompany(t.http, owner)).id;
    return { owner, id, base: `${companyOf(id)}/storage/media` };
  }

  const upload = (c: { owner: TestAccount; base: string }, file: Buffer, name = 'a.png', type = 'image/png') =>
    t.http.post(`${c.base}/upload`).set(c.owner.auth).attach('file', file, { filename: name, contentType: type });

  async function counts(companyId: string): Promise<{ count: number; bytes: number }> {
    const [row] = await db.query(`SELECT objects_count AS count, objects_bytes AS bytes FROM companies WHERE id = $1`, [
      companyId,
    ]);
    return { count: row.count, bytes: Number(row.bytes) };
  }

  /** Every object in the company's bucket (the embedded store cannot list unfinished multipart uploads). */
  async function stored(companyId: string): Promise<string[]> {
    const bucket = storage.bucketOf(companyId);
    if (!(await minio.bucketExists(bucket))) return [];
    return new Promise<string[]>((resolve, reject) => {
      const names: string[] = [];
      const stream = minio.listObjectsV2(bucket, '', true);
      stream.on('data', (item) => names.push(item.name!));
      stream.on('error', reject);
      stream.on('end', () => resolve(names));
    });
  }

  /** A prepared multipart body as it is (its boundary included), with an Idempotency-Key when given. */
  function sendForm(c: { owner: TestAccount; base: string }, form: { body: Buffer; type: string }, key?: string) {
    const req = t.http.post(`${c.base}/upload`).set(c.owner.auth).set('Content-Type', form.type);
    return (key ? req.set('Idempotency-Key', key) : req).send(form.body);
  }

  /** The company's plan's limit_objects_mb, in bytes. */
  async function planBytes(companyId: string): Promise<number> {
    const [{ limit }] = await db.query(
      `SELECT p.limit_objects_mb::bigint * 1048576 AS limit FROM companies c JOIN plan_limits p ON p.code = c.plan_code
       WHERE c.id = $1`,
      [companyId],
    );
    return Number(limit);
  }

  /** A raw HTTP request to the app, so a test can send a body in chunks or stop half way. */
  function rawRequest(path: string, headers: Record<string, string | number>) {
    return httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers });
  }

  /**
   * A form sent raw, for a refusal the app may give before it has read the whole body: it answers
   * and closes the connection, so the rest of the write fails (EPIPE) after the answer came, which
   * supertest reports as the request's error. Here a write that fails after the answer is no error.
   */
  function sendRefusable(c: { owner: TestAccount; base: string }, form: { body: Buffer; type: string }, key: string) {
    return new Promise<Response>((resolve, reject) => {
      const req = rawRequest(`${c.base}/upload`, {
        ...c.owner.auth,
        'Content-Type': form.type,
        'Content-Length': form.body.length,
        'Idempotency-Key': key,
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          // What the expectations read of a supertest answer.
          const answer = {
            status: res.statusCode!,
            body: JSON.parse(text),
            headers: res.headers,
            req: { method: 'POST' },
          };
          resolve(answer as unknown as Response);
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.end(form.body);
    });
  }

  function multipart(parts: Array<{ name: string; value: Buffer | string; filename?: string }>, boundary = 'XyZ') {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
  }

  it('streams a file into the bucket, sniffs its type, counts it and links to it', async () => {
    const c = await company();
    // A receiver of the company's upload events (never called here: the outbox is what is checked).
    await db.query(
      `INSERT INTO webhooks (company_id, url, events, secret) VALUES ($1, 'https://example.com/hook', '{storage.media.upload}', 'whsec_test')`,
      [c.id],
    );
    const res = await t.http
      .post(`${c.base}/upload`)
      .set(c.owner.auth)
      .field('tag', 'attachments')
      .attach('file', PNG, { filename: 'Photo.PNG', contentType: 'application/octet-stream' });
    const file = expectSuccess(res, 201);
    expect(Object.keys(file).sort()).toEqual(['content_type', 'path', 'preview_url', 'size']);
    expect(file.path).toMatch(/^attachments\/[0-9a-f-]{36}\.png$/);
    expect(file).toMatchObject({ size: PNG.length, content_type: 'image/png' });
    expect(await counts(c.id)).toEqual({ count: 1, bytes: PNG.length });
    expect(await stored(c.id)).toEqual([file.path]);

    // The preview link works without a credential.
    const preview = await fetch(file.preview_url);
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(PNG)).toBe(true);

    const status = expectSuccess(await t.http.get(`${companyOf(c.id)}/storage/media`).set(c.owner.auth));
    expect(status.object_count).toBe(1);
    const summary = expectSuccess(await t.http.get(`${companyOf(c.id)}/storage`).set(c.owner.auth));
    expect(summary.media).toMatchObject({
      is_ready: true,
      exists: true,
      message: 'The bucket is ready',
      objects_count: 1,
    });
    expect(summary.database).toMatchObject({ is_ready: true, message: 'The database is ready' });
    const [record] = await auditRecords(db, c.id, 'storage.media.upload');
    expect(record.status).toBe('success');
    const [event] = await db.query(`SELECT type, payload FROM webhook_events WHERE company_id = $1`, [c.id]);
    expect(event.type).toBe('storage.media.upload');
    expect(event.payload.data).toEqual(file);

    await t.http.delete(`${c.base}/file`).query({ path: file.path }).set(c.owner.auth);
    const events = await db.query(`SELECT payload FROM webhook_events WHERE company_id = $1 ORDER BY created_at`, [
      c.id,
    ]);
    expect(events[1].payload.data).toEqual({ path: file.path, deleted: true });
  });

  it('streams a file of several parts and serves the same bytes back', async () => {
    const c = await company();
    const big = Buffer.alloc(17 * MIB);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    const file = expectSuccess(await upload(c, big, 'data.bin', 'application/octet-stream'), 201);
    expect(file.size).toBe(big.length);
    expect(await counts(c.id)).toEqual({ count: 1, bytes: big.length });
    const back = await fetch(file.preview_url);
    expect(Buffer.from(await back.arrayBuffer()).equals(big)).toBe(true);
  });

  it('stores a file under one part as the chunks it arrived in, and an empty file, byte for byte', async () => {
    const c = await company();
    const small = Buffer.alloc(3 * MIB);
    for (let i = 0; i < small.length; i += 4096) small.writeUInt32BE(i + 1, i);
    const file = expectSuccess(await upload(c, small, 'data.bin', 'application/octet-stream'), 201);
    expect(file.size).toBe(small.length);
    const back = await fetch(file.preview_url);
    expect(Buffer.from(await back.arrayBuffer()).equals(small)).toBe(true);

    const empty = expectSuccess(await upload(c, Buffer.alloc(0), 'empty.txt', 'text/plain'), 201);
    expect(empty.size).toBe(0);
    const nothing = await fetch(empty.preview_url);
    expect(nothing.status).toBe(200);
    expect((await nothing.arrayBuffer()).byteLength).toBe(0);
    expect(await counts(c.id)).toEqual({ count: 2, bytes: small.length });
  });

  it('stores a file byte for byte whatever follows it in the body (the size told from the framing is checked)', async () => {
    const c = await company();
    const data = Buffer.alloc(MIB + 3);
    for (let i = 0; i + 4 <= data.length; i += 4096) data.writeUInt32BE(i + 7, i);
    const form = multipart([
      { name: 'tag', value: 'reports' },
      { name: 'file', value: data, filename: 'a.bin' },
    ]);
    const bodies = [
      form.body,
      // No line break after the closing delimiter: the file is two bytes longer than the framing says.
      form.body.subarray(0, form.body.length - 2),
      // An epilogue after it: the file is shorter than the framing says.
      Buffer.concat([form.body, Buffer.from('an epilogue, which parsers ignore\r\n')]),
    ];
    for (const body of bodies) {
      const file = expectSuccess(await sendForm(c, { body, type: form.type }), 201);
      expect(file.size).toBe(data.length);
      const back = await fetch(file.preview_url);
      expect(Buffer.from(await back.arrayBuffer()).equals(data)).toBe(true);
    }
    expect(await counts(c.id)).toEqual({ count: 3, bytes: 3 * data.length });
    expect((await stored(c.id)).length).toBe(3);

    // Told under one part (8 MiB) by a body without its last line break, it turns out one byte
    // longer than a part: the PUT under way is dropped and the file goes as a multipart upload.
    const long = Buffer.alloc(UPLOAD_PART_BYTES + 1);
    for (let i = 0; i + 4 <= long.length; i += 4096) long.writeUInt32BE(i + 3, i);
    const longForm = multipart([{ name: 'file', value: long, filename: 'b.bin' }]);
    const body = longForm.body.subarray(0, longForm.body.length - 2);
    const file = expectSuccess(await sendForm(c, { body, type: longForm.type }), 201);
    expect(file.size).toBe(long.length);
    const back = await fetch(file.preview_url);
    expect(Buffer.from(await back.arrayBuffer()).equals(long)).toBe(true);
    expect(await counts(c.id)).toEqual({ count: 4, bytes: 3 * data.length + long.length });
  });

  it('makes a bucket found missing and stores the file, small or of several parts', async () => {
    const c = await company();
    // An upload does not ask the store whether the bucket is there first (a round trip each time).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await minio.removeBucket(storage.bucketOf(c.id));
    expectSuccess(await upload(c, PNG), 201);
    await minio.removeObject(storage.bucketOf(c.id), (await stored(c.id))[0]);
    await minio.removeBucket(storage.bucketOf(c.id));
    const file = expectSuccess(await upload(c, Buffer.alloc(9 * MIB, 1), 'b.bin'), 201);
    expect(await stored(c.id)).toEqual([file.path]);
  });

  it('names the object by a uuid and a clean extension only, never the client path', async () => {
    const c = await company();
    const hostile = expectSuccess(await upload(c, Buffer.from('plain'), '../../etc/pass wd', 'text/plain'), 201);
    expect(hostile.path).toMatch(/^[0-9a-f-]{36}\.bin$/);
    expect(hostile.content_type).toBe('text/plain');
    const long = expectSuccess(await upload(c, Buffer.from('x'), 'a.abcdefghijk', 'text/plain'), 201);
    expect(long.path).toMatch(/\.bin$/);
  });

  it('stores markup as what it is and forces its links and downloads to attachments', async () => {
    const c = await company();
    const page = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
    const file = expectSuccess(await upload(c, page, 'cat.png', 'image/png'), 201);
    expect(file.content_type).toBe('text/html');
    const preview = await fetch(file.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^attachment;/);
    const svg = expectSuccess(
      await upload(c, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg'),
      201,
    );
    expect(svg.content_type).toBe('image/svg+xml');
    const link = expectSuccess(
      await t.http.get(`${c.base}/presigned-url`).query({ path: svg.path, expiry: '1h' }).set(c.owner.auth),
    );
    expect((await fetch(link.url)).headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses bad forms with 400 naming the part, storing and counting nothing', async () => {
    const c = await company();
    const cases: Array<[ReturnType<typeof multipart>, string]> = [
      [multipart([{ name: 'tag', value: 'attachments' }]), 'file'],
      [multipart([{ name: 'document', value: PNG, filename: 'a.png' }]), 'document'],
      [
        multipart([
          { name: 'comment', value: 'x' },
          { name: 'file', value: PNG, filename: 'a.png' },
        ]),
        'comment',
      ],
      [
        multipart([
          { name: 'file', value: PNG, filename: 'a.png' },
          { name: 'file', value: PNG, filename: 'b.png' },
        ]),
        'file',
      ],
      [
        multipart([
          { name: 'tag', value: 'secrets' },
          { name: 'file', value: PNG, filename: 'a.png' },
        ]),
        'tag',
      ],
      [
        multipart([
          { name: 'file', value: PNG, filename: 'a.png' },
          { name: 'tag', value: 'reports' },
        ]),
        'tag',
      ],
    ];
    for (const [form, field] of cases) {
      const error = expectError(await sendForm(c, form), 400, 'validation_failed');
      expect(error.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expectError(await t.http.post(`${c.base}/upload`).set(c.owner.auth).send({ file: 'x' }), 400, 'validation_failed');
    // Stored uploads that a later part made invalid are removed in the background.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await counts(c.id)).toEqual({ count: 0, bytes: 0 });
    expect(await stored(c.id)).toEqual([]);
  });

  it('answers 413 over UPLOAD_MAX_MB, declared or streamed, with nothing stored', async () => {
    const c = await company();
    expectError(await upload(c, Buffer.alloc(UPLOAD_MAX_MB * MIB + 100 * 1024), 'big.bin'), 413, 'payload_too_large');

    // Chunked: no length declared, so the limit is found while streaming (past a multipart part).
    const form = multipart([{ name: 'file', value: Buffer.alloc(UPLOAD_MAX_MB * MIB + 1), filename: 'big.bin' }]);
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = rawRequest(`${c.base}/upload`, {
        ...c.owner.auth,
        'Content-Type': form.type,
        'Transfer-Encoding': 'chunked',
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (let offset = 0; offset < form.body.length; offset += 256 * 1024)
        req.write(form.body.subarray(offset, offset + 256 * 1024));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(await counts(c.id)).toEqual({ count: 0, bytes: 0 });
    expect(await stored(c.id)).toEqual([]);
  });

  it('20 concurrent uploads against room for 3 store exactly 3', async () => {
    const c = await company();
    await db.query(`UPDATE companies SET objects_count = $2 WHERE id = $1`, [c.id, TRIAL_OBJECTS - 3]);
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(c, PNG)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const res of results.filter((r) => r.status !== 201)) expectError(res, 409, 'limit_exceeded');
    expect(await counts(c.id)).toEqual({ count: TRIAL_OBJECTS, bytes: 3 * PNG.length });
    expect(await stored(c.id)).toHaveLength(3);
  });

  it('limit_objects_mb: refused before a byte when declared, removed when passed while streaming', async () => {
    const c = await company();
    const limit = await planBytes(c.id);
    await db.query(`UPDATE companies SET objects_bytes = $2 WHERE id = $1`, [c.id, limit - MIB]);
    expectError(await upload(c, Buffer.alloc(MIB + 1), 'a.bin'), 409, 'limit_exceeded');
    expect(await counts(c.id)).toEqual({ count: 0, bytes: limit - MIB });

    const form = multipart([{ name: 'file', value: Buffer.alloc(MIB + 1), filename: 'a.bin' }]);
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawRequest(`${c.base}/upload`, { ...c.owner.auth, 'Content-Type': form.type });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(form.body);
    });
    expect(status).toBe(409);
    expect(await counts(c.id)).toEqual({ count: 0, bytes: limit - MIB });
    expect(await stored(c.id)).toEqual([]);
    // A file that fits still goes in.
    expectSuccess(await upload(c, PNG), 201);
  });

  it('a client that goes away mid-upload leaves nothing stored or counted, in parts or in one streamed PUT', async () => {
    // 20 MiB goes in parts; 4 MiB in one PUT opened as it arrives, which the store is left holding.
    for (const size of [UPLOAD_MAX_MB * MIB - 1000, 4 * MIB]) {
      const c = await company();
      const form = multipart([{ name: 'file', value: Buffer.alloc(size, 1), filename: 'a.bin' }]);
      await new Promise<void>((resolve) => {
        const req = rawRequest(`${c.base}/upload`, {
          ...c.owner.auth,
          'Content-Type': form.type,
          'Content-Length': form.body.length,
        });
        req.on('error', () => undefined);
        req.write(form.body.subarray(0, form.body.length / 2), () => setTimeout(() => (req.destroy(), resolve()), 200));
      });
      // The release and the removal follow the aborted stream in the service's own time: wait, boundedly.
      const deadline = Date.now() + 10_000;
      let left = await counts(c.id);
      let objects = await stored(c.id);
      while ((left.count > 0 || left.bytes > 0 || objects.length > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await counts(c.id);
        objects = await stored(c.id);
      }
      expect(left).toEqual({ count: 0, bytes: 0 });
      expect(objects).toEqual([]);
    }
  });

  it('deletes a file and frees its room at once; refuses a document file, a bad path, a missing file', async () => {
    const c = await company();
    const file = expectSuccess(await upload(c, PNG), 201);
    const res = await t.http.delete(`${c.base}/file`).query({ path: file.path }).set(c.owner.auth);
    expect(expectSuccess(res)).toEqual({ path: file.path, deleted: true });
    expect(await counts(c.id)).toEqual({ count: 0, bytes: 0 });
    expect(await stored(c.id)).toEqual([]);
    expectError(await t.http.delete(`${c.base}/file`).query({ path: file.path }).set(c.owner.auth), 404, 'not_found');
    for (const path of ['a/../b', '/a', 'a\\b', 'a\u0001b'])
      expectError(await t.http.delete(`${c.base}/file`).query({ path }).set(c.owner.auth), 400, 'validation_failed');

    const doc = expectSuccess(
      await t.http
        .post(`${companyOf(c.id)}/test-only/generated-report`)
        .set(c.owner.auth)
        .send({ format: 'xlsx' }),
      201,
    );
    const refused = await t.http.delete(`${c.base}/file`).query({ path: doc.object_path }).set(c.owner.auth);
    expectError(refused, 409, 'conflict');
    expect(await stored(c.id)).toEqual([doc.object_path]);
    const records = await auditRecords(db, c.id, 'storage.media.upload');
    expect(records.map((r) => r.status)).toEqual(['success', 'success', 'error']);
  });

  it('Idempotency-Key covers the multipart body: same bytes replay, other bytes or boundary are 422', async () => {
    const c = await company();
    const other = Buffer.from(PNG);
    other[other.length - 1] ^= 1;
    const form = (file: Buffer, boundary = 'XyZ') =>
      multipart([{ name: 'file', value: file, filename: 'a.png' }], boundary);
    const keyed = (body: ReturnType<typeof form>) => sendForm(c, body, 'upload-1');
    const first = expectSuccess(await keyed(form(PNG)), 201);
    const repeat = await keyed(form(PNG));
    expect(expectSuccess(repeat, 201)).toEqual(first);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    // The same length, one byte apart; the same file framed by another boundary.
    expect(form(other).body.length).toBe(form(PNG).body.length);
    expectError(await keyed(form(other)), 422, 'idempotency_key_reused');
    expectError(await keyed(form(PNG, 'AbC')), 422, 'idempotency_key_reused');
    expect(await counts(c.id)).toEqual({ count: 1, bytes: PNG.length });
    expect(await auditRecords(db, c.id, 'storage.media.upload')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(c.id)).toEqual([first.path]);
  });

  it('Idempotency-Key: 409 while the upload streams; an error is kept once the body is read, else the key is freed', async () => {
    const c = await company();
    const body = multipart([{ name: 'file', value: Buffer.alloc(2 * MIB, 3), filename: 'a.bin' }]);
    const headers = { ...c.owner.auth, 'Content-Type': body.type, 'Content-Length': body.body.length };
    const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = rawRequest(`${c.base}/upload`, { ...headers, 'Idempotency-Key': 'slow-1' });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write(body.body.subarray(0, MIB), () =>
        setTimeout(async () => {
          const meanwhile = await sendRefusable(c, body, 'slow-1');
          expectError(meanwhile, 409, 'idempotency_in_progress');
          expect(meanwhile.headers['retry-after']).toBe('1');
          req.end(body.body.subarray(MIB));
        }, 200),
      );
    });
    const first = await answered;
    expect(first.status).toBe(201);
    expect(await counts(c.id)).toEqual({ count: 1, bytes: 2 * MIB });

    // An error answered once the body was read through is kept with its digest and replayed.
    const stray = multipart([
      { name: 'file', value: PNG, filename: 'a.png' },
      { name: 'comment', value: 'x' },
    ]);
    const refused = () => sendForm(c, stray, 'stray-1');
    expectError(await refused(), 400, 'validation_failed');
    const replayed = await refused();
    expectError(replayed, 400, 'validation_failed');
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    // Refused before the body arrived whole (past the plan, from the declared length): nothing to
    // match a repeat against, so the key is freed and the repeat, with room now, is stored.
    await db.query(`UPDATE companies SET objects_bytes = $2 WHERE id = $1`, [c.id, (await planBytes(c.id)) - MIB]);
    const big = multipart([{ name: 'file', value: Buffer.alloc(15 * MIB, 5), filename: 'b.bin' }]);
    expectError(await sendRefusable(c, big, 'over-1'), 409, 'limit_exceeded');
    await db.query(`UPDATE companies SET objects_bytes = $2 WHERE id = $1`, [c.id, 2 * MIB]);
    const later = await sendForm(c, big, 'over-1');
    expect(expectSuccess(later, 201).size).toBe(15 * MIB);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await counts(c.id)).toEqual({ count: 2, bytes: 17 * MIB });
  });

  it('presigned links: expiry rules, signature and expiry checked by the store', async () => {
    const c = await company();
    const file = expectSuccess(await upload(c, PNG), 201);
    const link = (query: Record<string, string>) =>
      t.http
        .get(`${c.base}/presigned-url`)
        .query({ path: file.path, ...query })
        .set(c.owner.auth);
    for (const expiry of ['10s', '169h', '15', 'abc', '-1h'])
      expectError(await link({ expiry }), 400, 'validation_failed');
    const made = expectSuccess(await link({ expiry: '2h30m' }));
    expect(made.expires_at).toMatch(TIMESTAMP);
    const lifetime = Date.parse(made.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(2.5 * 3600 * 1000 - 10_000);
    expect(new URL(made.url).searchParams.get('X-Amz-Expires')).toBe(String(9000));
    expect((await fetch(made.url)).status).toBe(200);
    const byDefault = expectSuccess(await link({}));
    expect(new URL(byDefault.url).searchParams.get('X-Amz-Expires')).toBe('900');

    const tampered = new URL(made.url);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(tampered)).status).toBe(403);
    const otherObject = made.url.replace(file.path, 'other.png');
    expect((await fetch(otherObject)).status).toBe(403);
    // Signed two minutes ago for 30 seconds: expired.
    const old = await minio.presignedGetObject(
      storage.bucketOf(c.id),
      file.path,
      30,
      {},
      new Date(Date.now() - 120_000),
    );
    expect((await fetch(old)).status).toBe(403);

    expectError(await link({ path: 'missing.png' }), 404, 'not_found');
  });
});
