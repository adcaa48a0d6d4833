import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { resolve } from 'node:path';
import { Client } from 'minio';
import { DataSource } from 'typeorm';
import { StorageService } from '../../src/core/storage/storage.service';
import { createTestApp, TestApp } from '../support/test-app';

const ROOT = resolve(__dirname, '../..');

/**
 * The store the application under test uses, called directly. A connection per call: this test
 * leaves the client idle for seconds at a time, and a kept-alive connection reused just as the
 * store closes it for idleness answers "socket hang up" (seen on a loaded machine).
 */
function store(): Client {
  const endpoint = new URL(process.env.MINIO_ENDPOINT!);
  return new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    accessKey: process.env.MINIO_ACCESS_KEY!,
    secretKey: process.env.MINIO_SECRET_KEY!,
    pathStyle: true,
    transportAgent: new Agent({ keepAlive: false }),
  });
}

async function exists(client: Client, bucket: string, path: string): Promise<boolean> {
  return client.statObject(bucket, path).then(
    () => true,
    () => false,
  );
}

/** Objects waiting to be removed are queued in the database (CONTRACT 20). */
describe('Store removals survive a crash', () => {
  jest.setTimeout(120_000);
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('killed between the database commit and the store call, the restarted service removes the object', async () => {
    const client = store();
    const companyId = randomUUID();
    const bucket = `${process.env.MINIO_BUCKET_PREFIX ?? 'company-'}${companyId}`.toLowerCase();
    const path = 'docs/orphan.txt';
    await client.makeBucket(bucket);
    await client.putObject(bucket, path, Buffer.from('left behind'));

    const child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'test/support/removal-crash-child.ts', companyId, path],
      {
        cwd: ROOT,
        // A short store deadline, so the lease the killed worker took runs out soon.
        env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json', STORAGE_TIMEOUT_MS: '1000' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    await new Promise<void>((done, fail) => {
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        if (output.includes('at the store call')) done();
      });
      child.once('exit', (code) => fail(new Error(`the child exited (${code}) before the store call: ${output}`)));
    });
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    expect(output).toContain('committed');
    expect(await exists(client, bucket, path)).toBe(true);

    t = await createTestApp();
    const db = t.app.get(DataSource);
    const [queued] = await db.query(`SELECT attempts FROM storage_removals WHERE company_id = $1`, [companyId]);
    expect(queued).toEqual({ attempts: 1 });
    for (let i = 0; i < 200 && (await exists(client, bucket, path)); i++)
      await new Promise((done) => setTimeout(done, 100));
    expect(await exists(client, bucket, path)).toBe(false);
    for (let i = 0; i < 50; i++) {
      const left = await db.query(`SELECT 1 FROM storage_removals WHERE company_id = $1`, [companyId]);
      if (left.length === 0) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await db.query(`SELECT 1 FROM storage_removals WHERE company_id = $1`, [companyId])).toEqual([]);
    expect(t.app.get(StorageService).state).toBe('up');
    await client.removeBucket(bucket);
  });
});
