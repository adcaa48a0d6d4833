/**
 * The roster report's rendering at 10,000 employees, in both formats: wall time, peak RSS of
 * this process (sampled every 10 ms) and the longest event-loop stall while it renders. Runs the
 * built generator (`npm run build` first) on synthetic roster rows, so the figures are the
 * renderer's; reading the employees is 20 keyset statements of 500 rows on top.
 *
 *   npm run build && npm run bench:hrm-report [-- 10000]
 */
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { mkdtempSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { RENDERERS } = require('../dist/modules/companies/modules/docs/generator/renderers');
const { ROSTER_COLUMNS, ROSTER_TITLE } = require('../dist/modules/companies/modules/hrm/report/roster-report.service');

const COUNT = Number(process.argv[2] ?? 10_000);

async function* rows() {
  for (let i = 1; i <= COUNT; i++) {
    yield [i, `Иванова-${i} Мария`, `m${i}@example.test`, '+7 495 123-45-67', 'Бухгалтер, Менеджер', 'Активен'];
  }
}

async function measure(format) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  const file = join(dir, `roster.${format}`);
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const before = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  stalls.enable();
  await RENDERERS[format](
    {
      title: ROSTER_TITLE,
      subtitle: ['bench'],
      sheets: [{ name: ROSTER_TITLE, columns: ROSTER_COLUMNS, rows: rows() }],
    },
    file,
  );
  stalls.disable();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const size = statSync(file).size;
  rmSync(dir, { recursive: true, force: true });
  return {
    format,
    employees: COUNT,
    seconds: seconds.toFixed(2),
    file_mib: (size / 2 ** 20).toFixed(2),
    rss_before_mib: Math.round(before / 2 ** 20),
    rss_peak_mib: Math.round(peak / 2 ** 20),
    longest_stall_ms: Math.round(stalls.max / 1e6),
  };
}

(async () => {
  const results = [];
  for (const format of ['pdf', 'xlsx']) results.push(await measure(format));
  console.table(results);
})();
