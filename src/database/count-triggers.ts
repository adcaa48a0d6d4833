import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS } from './company-store-totals';

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

/** Gives the functions of triggers createCountTriggers created new deltas (the triggers stay). */
export async function replaceCountFunctions(
  queryRunner: QueryRunner,
  triggers: CountTrigger[],
  applyDeltas: (deltas: string) => string,
): Promise<void> {
  for (const [name, , , deltas] of triggers) {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           ${applyDeltas(deltas)};
           RETURN NULL;
         END $$`,
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
  counted: SlottedCounts & { present: string },
): Promise<void> {
  await countPresent(queryRunner, table, counted);
  await createCountTriggers(queryRunner, table, triggers, slottedUpsert(counted));
}

/** Where slotted counts are kept: the table, its key column, and how many slots a key spreads over. */
export interface SlottedCounts {
  counts: string;
  key: string;
  slots: number;
}

/**
 * Under a lock that holds `table`'s writers until the transaction ends, the counts of its present
 * rows (`present`: rows of `key` and `delta`), all in slot 0.
 */
export async function countPresent(
  queryRunner: QueryRunner,
  table: string,
  { counts, key, present }: SlottedCounts & { present: string },
): Promise<void> {
  await queryRunner.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  await queryRunner.query(
    `INSERT INTO ${counts} (${key}, slot, total) SELECT d.${key}, 0, sum(d.delta) FROM (${present}) d GROUP BY d.${key}`,
  );
}

/** A trigger's statement adding its deltas to the writer's slot of each key it changes. */
export const slottedUpsert =
  ({ counts, key, slots }: SlottedCounts) =>
  (deltas: string): string =>
    `INSERT INTO ${counts} (${key}, slot, total)
      SELECT d.${key}, pg_backend_pid() % ${slots}, sum(d.delta) FROM (${deltas}) d
      GROUP BY d.${key} HAVING sum(d.delta) <> 0 ORDER BY d.${key}
      ON CONFLICT (${key}, slot) DO UPDATE SET total = ${counts}.total + EXCLUDED.total`;

/**
 * A console total of `table` kept in clientele_counts (migrations PartnerApplicationCounts,
 * AdminLogCounts, PromocodeCounts): `countsOf(rows, delta)` names the counts each row of `rows`
 * adds to, and the triggers (`<triggers>_added`, `_removed`, `_changed`) keep them in the writer's
 * transaction, spread over the clientele counts' slots. `down` drops the triggers and the counts
 * named `name` or `name.<filter>`.
 */
export function clienteleCounts(
  table: string,
  triggers: string,
  name: string,
  countsOf: (rows: string, delta: number) => string,
): Pick<MigrationInterface, 'up' | 'down'> {
  const kept = countTriggers(triggers, countsOf);
  return {
    up: (queryRunner) =>
      keepSlottedCounts(queryRunner, table, kept, {
        counts: 'clientele_counts',
        key: 'name',
        slots: SLOTS,
        present: countsOf(table, 1),
      }),
    async down(queryRunner) {
      await dropCountTriggers(queryRunner, table, kept);
      await queryRunner.query(`DELETE FROM clientele_counts WHERE name = $1 OR starts_with(name, $1 || '.')`, [name]);
    },
  };
}
