'use strict';
/**
 * Storage suite: (1) download throughput of one 50 MB object through
 * GET /storage/media/file, with the service's resident memory sampled during the download (it
 * must stay far below the object's size: the body streams); (2) GET /storage/media for a company
 * with 10,000 objects, against a listing of the same bucket (what statistics cost before the
 * counts were kept in the database) and a plain company read (the same guards) in the same run.
 *
 *   npm run build && node bench/storage.js
 *
 * It starts the embedded S3 server (s3rver) itself and a fresh database on BENCH_ADMIN_URL
 * (default the local server), dropped at the end. BENCH_OBJECT_MB (50) and BENCH_OBJECTS
 * (10000) size the data.
 */
const { randomUUID } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client: MinioClient } = require('minio');
const { Client } = require('pg');
const { api, rssMiB, runScenario, signIn, startService } = require('./lib');
const { startEmbeddedS3 } = require('../dist/core/storage/embedded-s3');

const OBJECT_MB = Number(process.env.BENCH_OBJECT_MB ?? 50);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 10_000);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function sql(url, text, values) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Downloads `url` to nowhere, sampling the service's RSS every 10 ms. */
async function download(url, headers, pid) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid) ?? 0)), 10);
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { bytes, seconds, peak };
}

async function main() {
  const s3Dir = mkdtempSync(join(tmpdir(), 'bench-s3-'));
  const s3 = await startEmbeddedS3(s3Dir);
  const dbName = `bench_storage_${Date.now()}`;
  await sql(ADMIN_URL, `CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const service = await startService({
    DATABASE_URL: dbUrl,
    MINIO_ENDPOINT: s3.endpoint,
    MINIO_ACCESS_KEY: s3.accessKey,
    MINIO_SECRET_KEY: s3.secretKey,
  });
  const endpoint = new URL(s3.endpoint);
  const minio = new MinioClient({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
    // One PUT per object: s3rver does not implement the multipart upload the client uses above 64 MiB.
    partSize: 1024 * 1024 * 1024,
  });
  const report = { suite: 'storage', at: new Date().toISOString() };
  try {
    const auth = await signIn(service.baseUrl);
    const company = await api(service.baseUrl, 'POST', '/api/v1/companies', { name: 'Bench storage' }, auth);
    const bucket = `company-${company.id}`;

    // 1. One 50 MB object, downloaded three times.
    const size = OBJECT_MB * 1024 * 1024;
    await minio.putObject(bucket, 'bench/big.bin', Buffer.alloc(size, 7), size, {
      'Content-Type': 'application/octet-stream',
    });
    const fileUrl = `${service.baseUrl}/api/v1/companies/${company.id}/storage/media/file?path=bench/big.bin`;
    const rssBefore = rssMiB(service.pid);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await download(fileUrl, auth, service.pid));
    if (runs.some((run) => run.bytes !== size)) throw new Error('a download was short');
    report.download = {
      object_mb: OBJECT_MB,
      mb_per_s: runs.map((run) => Math.round((OBJECT_MB / run.seconds) * 10) / 10),
      service_rss_mib_before: rssBefore,
      service_rss_mib_peak_during: Math.max(...runs.map((run) => run.peak)),
    };
    process.stdout.write(`${JSON.stringify({ download: report.download })}\n`);

    // 2. 10,000 objects (written straight to the store, their counts as the service keeps them).
    const started = performance.now();
    for (let i = 0; i < OBJECTS; i += 32) {
      await Promise.all(
        Array.from({ length: Math.min(32, OBJECTS - i) }, (_, j) =>
          minio.putObject(bucket, `bench/many/${i + j}-${randomUUID()}.txt`, Buffer.from('x'), 1),
        ),
      );
    }
    await sql(dbUrl, `UPDATE companies SET objects_count = $2, objects_bytes = $3 WHERE id = $1`, [
      company.id,
      OBJECTS + 1,
      size + OBJECTS,
    ]);
    report.seed_s = Math.round((performance.now() - started) / 100) / 10;

    // The listing is only the comparison: s3rver answers 500 to some listing pages of large buckets.
    const listStarted = performance.now();
    let listed = 0;
    try {
      await new Promise((done, fail) =>
        minio
          .listObjectsV2(bucket, '', true)
          .on('data', () => listed++)
          .on('error', fail)
          .on('end', done),
      );
      report.bucket_listing = { objects: listed, ms: Math.round(performance.now() - listStarted) };
    } catch (error) {
      report.bucket_listing = {
        objects_before_failure: listed,
        ms: Math.round(performance.now() - listStarted),
        error: String(error.message),
      };
    }
    process.stdout.write(`${JSON.stringify({ bucket_listing: report.bucket_listing })}\n`);

    const media = await runScenario(
      service.baseUrl,
      { name: 'GET storage/media', path: `/api/v1/companies/${company.id}/storage/media`, headers: auth },
      { duration: 5, connections: 10 },
    );
    report.media_statistics = media;
    // The same guard path with a plain company read, in the same run: the ratio is what compares.
    report.baseline_company_read = await runScenario(
      service.baseUrl,
      { name: 'GET company', path: `/api/v1/companies/${company.id}`, headers: auth },
      { duration: 5, connections: 10 },
    );
  } finally {
    await service.stop();
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
    await sql(ADMIN_URL, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
