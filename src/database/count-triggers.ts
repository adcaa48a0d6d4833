import type { QueryRunner } from 'typeorm';

/** A statement-level count trigger: its name, event, transition tables and the deltas it applies. */
type CountTrigger = [name: string, event: string, transition: string, deltas: string];

/**
 * The three triggers of the first kept counts (migrations ClientTotals and LogCounts), named
 * `<counts>_added`, `_removed` and `_changed`; `rowsOf(rows, delta)` selects the filters of the
 * transition table `rows`, each with `delta`. KeptCounts later replaced them (src/database/kept-counts.ts).
 */
export function countTriggers(counts: string, rowsOf: (rows: string, delta: number) => string): CountTrigger[] {
  return [
    [`${counts}_added`, 'INSERT', 'NEW TABLE AS added', rowsOf('added', 1)],
    [`${counts}_removed`, 'DELETE', 'OLD TABLE AS removed', rowsOf('removed', -1)],
    [
      `${counts}_changed`,
      'UPDATE',
      'OLD TABLE AS removed NEW TABLE AS added',
      `${rowsOf('added', 1)} UNION ALL ${rowsOf('removed', -1)}`,
    ],
  ];
}

/** Creates each trigger on `table`: a function that applies its deltas (`applyDeltas`), once per statement. */
export async function createCountTriggers(
  queryRunner: QueryRunner,
  table: string,
  triggers: CountTrigger[],
  applyDeltas: (deltas: string) => string,
): Promise<void> {
  for (const [name, event, transition, deltas] of triggers) {
    await queryRunner.query(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           ${applyDeltas(deltas)};
           RETURN NULL;
         END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
         REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    );
  }
}

/** Drops what createCountTriggers created. */
export async function dropCountTriggers(
  queryRunner: QueryRunner,
  table: string,
  triggers: CountTrigger[],
): Promise<void> {
  for (const [name] of triggers) {
    await queryRunner.query(`DROP TRIGGER ${name} ON ${table}`);
    await queryRunner.query(`DROP FUNCTION ${name}()`);
  }
}

/**
 * Counts of `table` kept per `key` in `counts` (columns `key`, `slot`, `total`), as
 * clientele_counts keeps its: under a lock that holds the table's writers, the present counts
 * first (`present`: rows of `key` and `delta`, all in slot 0), then the triggers, which add each
 * statement's deltas to the writer's slot of `slots` (concurrent writers rarely wait on one row).
 */
export async function keepSlottedCounts(
  queryRunner: QueryRunner,
  table: string,
  triggers: CountTrigger[],
  { counts, key, slots, present }: { counts: string; key: string; slots: number; present: string },
): Promise<void> {
  await queryRunner.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  await queryRunner.query(
    `INSERT INTO ${counts} (${key}, slot, total) SELECT d.${key}, 0, sum(d.delta) FROM (${present}) d GROUP BY d.${key}`,
  );
  await createCountTriggers(
    queryRunner,
    table,
    triggers,
    (deltas) => `INSERT INTO ${counts} (${key}, slot, total)
      SELECT d.${key}, pg_backend_pid() % ${slots}, sum(d.delta) FROM (${deltas}) d
      GROUP BY d.${key} HAVING sum(d.delta) <> 0 ORDER BY d.${key}
      ON CONFLICT (${key}, slot) DO UPDATE SET total = ${counts}.total + EXCLUDED.total`,
  );
}
