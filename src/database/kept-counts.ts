/**
 * Counts the database keeps for lists (the registry and the reading are core's,
 * src/core/pagination/kept-counts.ts; docs/architecture.md, "Kept totals"): the count table and
 * statement-level triggers with transition tables that count whatever writes the table (the API,
 * INSERT … SELECT, COPY, a restore), once per statement, in the writer's transaction:
 * - per company, list filter (`''` for all, `status=active`, `in_stock=true`…) and slot, and per
 *   UTC day when the declaration names a `day`;
 * - each count is spread over SLOTS rows, a writer adding to its connection's slot
 *   (`pg_backend_pid() % SLOTS`), so concurrent writers of one company rarely wait on one row;
 * - rows are upserted in one order (company, filter[, day]), so writers never deadlock on them;
 * - changes of a company being deleted (the cascade) are skipped: its counts go with it.
 */
export const SLOTS = 16;

export interface KeptCounts {
  /** The counted table. */
  table: string;
  /** The table holding the counts. */
  counts: string;
  /** Counted filters: the list filter's name and the SQL expression of its value on one row. */
  filters: Record<string, string>;
  /** An expression of the row's UTC day when the counts are kept per day. */
  day?: string;
}

/** The (company, filter[, day], delta) rows of a set of table rows (`rows`: a table or a subquery with its alias). */
export function filtersOf(counts: KeptCounts, rows: string, delta: number): string {
  const values = ["''", ...Object.entries(counts.filters).map(([name, expr]) => `'${name}=' || (${expr})::text`)];
  const day = counts.day ? `, ${counts.day} AS day` : '';
  return `SELECT * FROM (SELECT company_id${day}, unnest(ARRAY[${values.join(', ')}]) AS filter, ${delta} AS delta
    FROM ${rows}) f WHERE f.filter IS NOT NULL`;
}

function applyDeltas(counts: KeptCounts, deltas: string): string {
  const keys = counts.day ? 'company_id, filter, day' : 'company_id, filter';
  const selected = counts.day ? 'd.company_id, d.filter, d.day' : 'd.company_id, d.filter';
  return `INSERT INTO ${counts.counts} (${keys}, slot, total)
    SELECT ${selected}, pg_backend_pid() % ${SLOTS}, sum(d.delta)
    FROM (${deltas}) d JOIN companies c ON c.id = d.company_id
    GROUP BY ${selected} HAVING sum(d.delta) <> 0 ORDER BY ${selected}
    ON CONFLICT (${keys}, slot) DO UPDATE SET total = ${counts.counts}.total + EXCLUDED.total`;
}

function triggers(counts: KeptCounts): Array<{ name: string; event: string; transition: string; deltas: string }> {
  const added = filtersOf(counts, 'added', 1);
  const removed = filtersOf(counts, 'removed', -1);
  return [
    { name: `${counts.counts}_added`, event: 'INSERT', transition: 'NEW TABLE AS added', deltas: added },
    { name: `${counts.counts}_removed`, event: 'DELETE', transition: 'OLD TABLE AS removed', deltas: removed },
    {
      name: `${counts.counts}_changed`,
      event: 'UPDATE',
      transition: 'OLD TABLE AS removed NEW TABLE AS added',
      deltas: `${added} UNION ALL ${removed}`,
    },
  ];
}

/**
 * The statements of a migration for kept counts. `table` creates the count table; `triggers`
 * (re)creates the trigger functions and triggers (CREATE OR REPLACE: a migration that changes the
 * counted filters runs it, then `recount`); `recount` sets every count from the rows, in the
 * migration's transaction; `down` drops what `table` and `triggers` created.
 */
export function keptCountsMigration(counts: KeptCounts): {
  table: string[];
  triggers: string[];
  recount: string[];
  down: string[];
} {
  const dayColumn = counts.day ? '"day" date NOT NULL, ' : '';
  const dayKey = counts.day ? ', "day"' : '';
  const keys = counts.day ? 'company_id, filter, day' : 'company_id, filter';
  const selected = counts.day ? 'f.company_id, f.filter, f.day' : 'f.company_id, f.filter';
  return {
    table: [
      `CREATE TABLE "${counts.counts}" ("company_id" uuid NOT NULL, "filter" character varying(128) NOT NULL, ${dayColumn}"slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "${counts.counts}_pkey" PRIMARY KEY ("company_id", "filter"${dayKey}, "slot"))`,
      `ALTER TABLE "${counts.counts}" ADD CONSTRAINT "${counts.counts}_company_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
    triggers: triggers(counts).flatMap(({ name, event, transition, deltas }) => [
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${applyDeltas(counts, deltas)};
         RETURN NULL;
       END $$`,
      `DROP TRIGGER IF EXISTS ${name} ON ${counts.table}`,
      `CREATE TRIGGER ${name} AFTER ${event} ON ${counts.table}
       REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ]),
    recount: [
      `LOCK TABLE ${counts.table} IN SHARE MODE`,
      `DELETE FROM ${counts.counts}`,
      `INSERT INTO ${counts.counts} (${keys}, slot, total)
       SELECT ${selected}, 0, count(*) FROM (${filtersOf(counts, counts.table, 1)}) f
       JOIN companies c ON c.id = f.company_id GROUP BY ${selected}`,
    ],
    down: [
      ...triggers(counts).flatMap(({ name }) => [`DROP TRIGGER ${name} ON ${counts.table}`, `DROP FUNCTION ${name}()`]),
      `DROP TABLE "${counts.counts}"`,
    ],
  };
}

/**
 * Sums the database keeps per company, UTC day, part (e.g. the currency) and group (`dims`: a
 * dimension and the key of a row in it, `''` for all), so an analysis over years reads days,
 * not rows. Same trigger shape as the counts: statement-level, slot rows, one upsert order.
 */
export interface KeptSums {
  /** The summed table. */
  table: string;
  /** The table holding the sums. */
  sums: string;
  /** Which rows are summed (SQL over one row), e.g. `status = 'completed'`. */
  where: string;
  /** The row's UTC day. */
  day: string;
  /** What the sums are kept apart by besides the day (e.g. `currency`). */
  part: string;
  /** Dimensions: name and the text key of a row in it (`''` for the company as a whole). */
  dims: Record<string, string>;
  /** Summed columns: name and the SQL value of one row (a count is kept anyway). */
  measures: Record<string, string>;
}

const SUM_KEYS = 'company_id, dim, part, day, key';

function sumDeltasOf(sums: KeptSums, rows: string, sign: 1 | -1): string {
  const dims = Object.entries(sums.dims);
  const names = Object.keys(sums.measures);
  const measures = Object.entries(sums.measures).map(([name, expr]) => `${sign} * (${expr}) AS ${name}`);
  const keys = dims.map(([, key], i) => `coalesce((${key})::text, '') AS k_${i}`);
  return `SELECT r.company_id, d.dim, r.part, r.day, d.key, ${sign} AS count, ${names.map((n) => `r.${n}`).join(', ')}
    FROM (SELECT company_id, (${sums.part})::text AS part, ${sums.day} AS day, ${[...measures, ...keys].join(', ')}
          FROM ${rows} WHERE ${sums.where}) r
    CROSS JOIN LATERAL (VALUES ${dims.map(([name], i) => `('${name}', r.k_${i})`).join(', ')}) d(dim, key)`;
}

function applySumDeltas(sums: KeptSums, deltas: string): string {
  const names = Object.keys(sums.measures);
  const selected = 'd.company_id, d.dim, d.part, d.day, d.key';
  return `INSERT INTO ${sums.sums} (${SUM_KEYS}, slot, count, ${names.join(', ')})
    SELECT ${selected}, pg_backend_pid() % ${SLOTS}, sum(d.count), ${names.map((n) => `sum(d.${n})`).join(', ')}
    FROM (${deltas}) d JOIN companies c ON c.id = d.company_id
    GROUP BY ${selected}
    HAVING sum(d.count) <> 0 OR ${names.map((n) => `sum(d.${n}) <> 0`).join(' OR ')}
    ORDER BY ${selected}
    ON CONFLICT (${SUM_KEYS}, slot) DO UPDATE SET count = ${sums.sums}.count + EXCLUDED.count,
      ${names.map((n) => `${n} = ${sums.sums}.${n} + EXCLUDED.${n}`).join(', ')}`;
}

/** The statements of a migration for kept sums, as keptCountsMigration's. */
export function keptSumsMigration(sums: KeptSums): {
  table: string[];
  triggers: string[];
  recount: string[];
  down: string[];
} {
  const names = Object.keys(sums.measures);
  const triggers = [
    {
      name: `${sums.sums}_added`,
      event: 'INSERT',
      transition: 'NEW TABLE AS added',
      deltas: sumDeltasOf(sums, 'added', 1),
    },
    {
      name: `${sums.sums}_removed`,
      event: 'DELETE',
      transition: 'OLD TABLE AS removed',
      deltas: sumDeltasOf(sums, 'removed', -1),
    },
    {
      name: `${sums.sums}_changed`,
      event: 'UPDATE',
      transition: 'OLD TABLE AS removed NEW TABLE AS added',
      deltas: `${sumDeltasOf(sums, 'added', 1)} UNION ALL ${sumDeltasOf(sums, 'removed', -1)}`,
    },
  ];
  return {
    table: [
      `CREATE TABLE "${sums.sums}" ("company_id" uuid NOT NULL, "dim" character varying(32) NOT NULL, "part" character varying(16) NOT NULL, "day" date NOT NULL, "key" character varying(64) NOT NULL, "slot" smallint NOT NULL, "count" bigint NOT NULL, ${names.map((n) => `"${n}" numeric NOT NULL`).join(', ')}, CONSTRAINT "${sums.sums}_pkey" PRIMARY KEY ("company_id", "dim", "part", "day", "key", "slot"))`,
      `ALTER TABLE "${sums.sums}" ADD CONSTRAINT "${sums.sums}_company_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
    triggers: triggers.flatMap(({ name, event, transition, deltas }) => [
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${applySumDeltas(sums, deltas)};
         RETURN NULL;
       END $$`,
      `DROP TRIGGER IF EXISTS ${name} ON ${sums.table}`,
      `CREATE TRIGGER ${name} AFTER ${event} ON ${sums.table}
       REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ]),
    recount: [
      `LOCK TABLE ${sums.table} IN SHARE MODE`,
      `DELETE FROM ${sums.sums}`,
      `INSERT INTO ${sums.sums} (${SUM_KEYS}, slot, count, ${names.join(', ')})
       SELECT d.company_id, d.dim, d.part, d.day, d.key, 0, sum(d.count), ${names.map((n) => `sum(d.${n})`).join(', ')}
       FROM (${sumDeltasOf(sums, sums.table, 1)}) d JOIN companies c ON c.id = d.company_id
       GROUP BY d.company_id, d.dim, d.part, d.day, d.key`,
    ],
    down: [
      ...triggers.flatMap(({ name }) => [`DROP TRIGGER ${name} ON ${sums.table}`, `DROP FUNCTION ${name}()`]),
      `DROP TABLE "${sums.sums}"`,
    ],
  };
}

/** The summed rows of a set of table rows (the tests recount with it). */
export const sumRowsOf = (sums: KeptSums, rows: string): string => sumDeltasOf(sums, rows, 1);
