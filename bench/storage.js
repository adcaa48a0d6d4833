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
const { api, rssMiB, runMain, runScenario, signIn, sql, startStorageBench } = require('./lib');

const OBJECT_MB = Number(process.env.BENCH_OBJECT_MB ?? 50);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 10_000);

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
  const bench = await startStorageBench('storage');
  const { service, minio, dbUrl } = bench;
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
    await bench.stop();
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

runMain(main);
