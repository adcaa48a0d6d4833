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
export const SLOTS = 256;

export interface KeptCounts {
  /** The module whose rows they count, for the company's rows per module (`storage/db/sources/modules`). */
  module?: string;
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

/** The three statement-level triggers of a kept table: the event and its transition tables. */
const EVENTS = [
  { suffix: 'added', event: 'INSERT', transition: 'NEW TABLE AS added' },
  { suffix: 'removed', event: 'DELETE', transition: 'OLD TABLE AS removed' },
  { suffix: 'changed', event: 'UPDATE', transition: 'OLD TABLE AS removed NEW TABLE AS added' },
] as const;
type Change = (typeof EVENTS)[number]['suffix'];

/** The deltas of one event's transition tables: +1 for added rows, -1 for removed ones. */
function deltasOf(change: Change, of: (rows: string, sign: 1 | -1) => string): string {
  if (change === 'added') return of('added', 1);
  if (change === 'removed') return of('removed', -1);
  return `${of('added', 1)} UNION ALL ${of('removed', -1)}`;
}

const countStatement = (counts: KeptCounts, change: Change) =>
  applyDeltas(
    counts,
    deltasOf(change, (rows, sign) => filtersOf(counts, rows, sign)),
  );

/** A statement-level trigger `name` on `table` for one event, running `statements` in one call. */
function trigger(table: string, name: string, change: Change, statements: string[]): string[] {
  const { event, transition } = EVENTS.find((e) => e.suffix === change)!;
  return [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${statements.join(';\n         ')};
         RETURN NULL;
       END $$`,
    `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
       REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ];
}

const dropTrigger = (table: string, name: string) => [
  `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
  `DROP FUNCTION IF EXISTS ${name}()`,
];

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
  return keptTableMigration(
    counts.table,
    counts.counts,
    `CREATE TABLE "${counts.counts}" ("company_id" uuid NOT NULL, "filter" character varying(128) NOT NULL, ${dayColumn}"slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "${counts.counts}_pkey" PRIMARY KEY ("company_id", "filter"${dayKey}, "slot"))`,
    (suffix) => countStatement(counts, suffix),
    `INSERT INTO ${counts.counts} (${keys}, slot, total)
       SELECT ${selected}, 0, count(*) FROM (${filtersOf(counts, counts.table, 1)}) f
       JOIN companies c ON c.id = f.company_id GROUP BY ${selected}`,
  );
}

/**
 * The statements of a migration for the kept rows `kept` of `table` (counts or sums): the table,
 * created by `create`, owned by the company; a trigger per event running the event's statement;
 * the refill (`refill`, under a share lock of `table`); and `down`, which drops them.
 */
function keptTableMigration(
  table: string,
  kept: string,
  create: string,
  statementOf: (change: Change) => string,
  refill: string,
): { table: string[]; triggers: string[]; recount: string[]; down: string[] } {
  return {
    table: [
      create,
      `ALTER TABLE "${kept}" ADD CONSTRAINT "${kept}_company_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
    triggers: EVENTS.flatMap(({ suffix }) => trigger(table, `${kept}_${suffix}`, suffix, [statementOf(suffix)])),
    recount: [`LOCK TABLE ${table} IN SHARE MODE`, `DELETE FROM ${kept}`, refill],
    down: [...EVENTS.flatMap(({ suffix }) => dropTrigger(table, `${kept}_${suffix}`)), `DROP TABLE "${kept}"`],
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
  /**
   * Dimensions also summed over all time, under day `infinity` (which no window's days reach):
   * an analysis without a window grouped by one reads a row per group, not one per group and day.
   */
  allTime?: string[];
}

const SUM_KEYS = 'company_id, dim, part, day, key';

function sumDeltasOf(sums: KeptSums, rows: string, sign: 1 | -1): string {
  const dims = Object.entries(sums.dims);
  const names = Object.keys(sums.measures);
  const measures = Object.entries(sums.measures).map(([name, expr]) => `${sign} * (${expr}) AS ${name}`);
  const keys = dims.map(([, key], i) => `coalesce((${key})::text, '') AS k_${i}`);
  const groups = dims.flatMap(([name], i) => [
    `('${name}', r.k_${i}, r.day)`,
    ...(sums.allTime?.includes(name) ? [`('${name}', r.k_${i}, 'infinity'::date)`] : []),
  ]);
  return `SELECT r.company_id, d.dim, r.part, d.day, d.key, ${sign} AS count, ${names.map((n) => `r.${n}`).join(', ')}
    FROM (SELECT company_id, (${sums.part})::text AS part, ${sums.day} AS day, ${[...measures, ...keys].join(', ')}
          FROM ${rows} WHERE ${sums.where}) r
    CROSS JOIN LATERAL (VALUES ${groups.join(', ')}) d(dim, key, day)`;
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

const sumStatement = (sums: KeptSums, change: Change) =>
  applySumDeltas(
    sums,
    deltasOf(change, (rows, sign) => sumDeltasOf(sums, rows, sign)),
  );

/** The statements of a migration for kept sums, as keptCountsMigration's. */
export function keptSumsMigration(sums: KeptSums): {
  table: string[];
  triggers: string[];
  recount: string[];
  down: string[];
} {
  const names = Object.keys(sums.measures);
  return keptTableMigration(
    sums.table,
    sums.sums,
    `CREATE TABLE "${sums.sums}" ("company_id" uuid NOT NULL, "dim" character varying(32) NOT NULL, "part" character varying(16) NOT NULL, "day" date NOT NULL, "key" character varying(64) NOT NULL, "slot" smallint NOT NULL, "count" bigint NOT NULL, ${names.map((n) => `"${n}" numeric NOT NULL`).join(', ')}, CONSTRAINT "${sums.sums}_pkey" PRIMARY KEY ("company_id", "dim", "part", "day", "key", "slot"))`,
    (suffix) => sumStatement(sums, suffix),
    `INSERT INTO ${sums.sums} (${SUM_KEYS}, slot, count, ${names.join(', ')})
       SELECT d.company_id, d.dim, d.part, d.day, d.key, 0, sum(d.count), ${names.map((n) => `sum(d.${n})`).join(', ')}
       FROM (${sumDeltasOf(sums, sums.table, 1)}) d JOIN companies c ON c.id = d.company_id
       GROUP BY d.company_id, d.dim, d.part, d.day, d.key`,
  );
}

/** The summed rows of a set of table rows (the tests recount with it). */
export const sumRowsOf = (sums: KeptSums, rows: string): string => sumDeltasOf(sums, rows, 1);

/**
 * Adds 1 to a company's slot row of a writes counter (`writes`: a table of company_id, slot and
 * writes) for each statement that changes its rows: the sum of its slots only grows, so a value
 * computed at one sum is still right while the sum is the same (finance's search totals).
 */
function writesStatement(writes: string, change: Change): string {
  const companies = deltasOf(change, (rows) => `SELECT company_id FROM ${rows}`);
  return `INSERT INTO ${writes} (company_id, slot, writes)
    SELECT w.company_id, pg_backend_pid() % ${SLOTS}, 1
    FROM (SELECT DISTINCT company_id FROM (${companies}) r) w JOIN companies c ON c.id = w.company_id
    ORDER BY w.company_id
    ON CONFLICT (company_id, slot) DO UPDATE SET writes = ${writes}.writes + 1`;
}

/**
 * One trigger per event for everything a table keeps, its counts, its sums and a writes counter
 * (`<table>_kept_…`), in place of one per declaration: a write pays one trigger call, not two.
 * `up` replaces the declarations' own triggers (keptCountsMigration / keptSumsMigration
 * `triggers`, which a later change of a declaration runs, then this again); `down` restores them.
 */
export function keptTriggersMigration(
  table: string,
  kept: { counts?: KeptCounts; sums?: KeptSums; writes?: string },
): { up: string[]; down: string[] } {
  const own = [kept.counts?.counts, kept.sums?.sums].filter((name): name is string => name !== undefined);
  const statements = (change: Change) => [
    ...(kept.counts ? [countStatement(kept.counts, change)] : []),
    ...(kept.sums ? [sumStatement(kept.sums, change)] : []),
    ...(kept.writes ? [writesStatement(kept.writes, change)] : []),
  ];
  return {
    up: EVENTS.flatMap(({ suffix }) => [
      ...own.flatMap((name) => dropTrigger(table, `${name}_${suffix}`)),
      ...trigger(table, `${table}_kept_${suffix}`, suffix, statements(suffix)),
    ]),
    down: [
      ...EVENTS.flatMap(({ suffix }) => dropTrigger(table, `${table}_kept_${suffix}`)),
      ...(kept.counts ? keptCountsMigration(kept.counts).triggers : []),
      ...(kept.sums ? keptSumsMigration(kept.sums).triggers : []),
    ],
  };
}
