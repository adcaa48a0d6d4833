'use strict';
/**
 * Identity and access suite: what authentication and the permission engine cost per request.
 *  - GET /status                      no credential, no database: the baseline
 *  - GET /account        (API key)    key lookup + quota UPSERT, one query
 *  - GET /companies/{id}/plan (key)   the same, plus the company guard (membership, plan,
 *                                     granted codes in one query) and the plan read
 *  - GET /companies/{id}/permissions/me (key)  the company guard alone, answered from memory
 * Target (issue 3): key authentication plus quota accounting costs at most 25% of the
 * unauthenticated throughput, i.e. account/status >= 0.75.
 */
const { api, runMain, runScenario, settings, signIn, startService } = require('./lib');

async function main() {
  const service = await startService();
  const runs = [];
  try {
    const base = service.baseUrl;
    const bearer = await signIn(base);
    const key = await api(
      base,
      'POST',
      '/api/v1/account/api-keys',
      { name: 'bench', daily_requests: 1_000_000 },
      bearer,
    );
    const company = await api(base, 'POST', '/api/v1/companies', { name: 'Bench Co' }, bearer);
    const apiKey = { 'X-API-Key': key.raw_key };

    const routes = [
      { name: 'GET /status (no auth)', path: '/api/v1/status' },
      { name: 'GET /account (API key)', path: '/api/v1/account', headers: apiKey },
      { name: 'GET /companies/{id}/plan (key)', path: `/api/v1/companies/${company.id}/plan`, headers: apiKey },
      {
        name: 'GET /companies/{id}/permissions/me (key)',
        path: `/api/v1/companies/${company.id}/permissions/me`,
        headers: apiKey,
      },
    ];
    for (const route of routes) {
      if (settings.warmup > 0) await runScenario(base, route, { duration: settings.warmup });
      runs.push({ route: route.name, ...(await runScenario(base, route)) });
    }
  } finally {
    await service.stop();
  }

  const rate = (i) => runs[i].requests_per_s;
  for (const run of runs) {
    process.stdout.write(
      `${run.route.padEnd(44)} ${String(run.requests_per_s).padStart(7)} req/s  p50 ${run.p50_ms} ms  p99 ${run.p99_ms} ms  non2xx ${run.non2xx}\n`,
    );
  }
  const perRequestMs = (fast, slow) => (1000 / rate(slow) - 1000 / rate(fast)).toFixed(3);
  process.stdout.write(
    `\nAPI key /account vs /status: ${(rate(1) / rate(0)).toFixed(2)} of the unauthenticated throughput (target >= 0.75)\n` +
      `company guard cost (permissions/me vs /account): ${perRequestMs(1, 3)} ms of process time per request\n`,
  );
}

runMain(main);
