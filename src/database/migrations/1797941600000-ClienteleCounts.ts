import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows of a kept count are spread over this many slots, so concurrent writers rarely wait on one. */
const SLOTS = 16;

/** The counted tables, and the names of the counts one row adds to (a null name: none). */
const COUNTED: Record<string, string> = {
  accounts: `ARRAY['accounts', 'accounts.status=' || status, 'accounts.type=' || type, CASE WHEN is_admin THEN 'accounts.admin' END]`,
  companies: `ARRAY[CASE WHEN deleting_at IS NULL THEN 'companies' END, CASE WHEN deleting_at IS NULL AND is_public THEN 'companies.public' END]`,
  company_members: `ARRAY['company_members']`,
  pricing_transactions: `ARRAY['pricing_transactions', 'pricing_transactions.status=' || status, CASE WHEN is_trial THEN 'pricing_transactions.trial' END]`,
};

const EVENTS = [
  { suffix: 'added', event: 'INSERT', transition: 'NEW TABLE AS added', sides: ['added'] },
  { suffix: 'removed', event: 'DELETE', transition: 'OLD TABLE AS removed', sides: ['removed'] },
  {
    suffix: 'changed',
    event: 'UPDATE',
    transition: 'OLD TABLE AS removed NEW TABLE AS added',
    sides: ['added', 'removed'],
  },
];

/**
 * The console's clientele figures at scale (CONTRACT 21: a snapshot reads no big table): the
 * platform's counts of accounts by status, type and administrators, live and public companies,
 * memberships and plan purchases by status and trial, kept by statement-level triggers in the
 * writer's transaction (ClienteleCountEntity); and an index of the days on which companies wrote
 * to their audit trail, for the companies active in the last 7 and 30 days.
 */
export class ClienteleCounts1797941600000 implements MigrationInterface {
  name = 'ClienteleCounts1797941600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "clientele_counts" ("name" character varying(64) NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_clientele_counts" PRIMARY KEY ("name", "slot"))`,
    );
    for (const [table, names] of Object.entries(COUNTED)) {
      // The counts first, then the triggers, under a lock that holds the table's writers until both are in place.
      await queryRunner.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      await queryRunner.query(
        `INSERT INTO clientele_counts (name, slot, total)
         SELECT name, 0, count(*) FROM (SELECT unnest(${names}) AS name FROM ${table}) n WHERE name IS NOT NULL GROUP BY name`,
      );
      for (const { suffix, event, transition, sides } of EVENTS) {
        const deltas = sides
          .map((side) => `SELECT unnest(${names}) AS name, ${side === 'added' ? 1 : -1} AS delta FROM ${side}`)
          .join(' UNION ALL ');
        await queryRunner.query(`CREATE FUNCTION clientele_counts_${table}_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO clientele_counts (name, slot, total)
            SELECT d.name, pg_backend_pid() % ${SLOTS}, sum(d.delta) FROM (${deltas}) d
            WHERE d.name IS NOT NULL GROUP BY d.name HAVING sum(d.delta) <> 0 ORDER BY d.name
            ON CONFLICT (name, slot) DO UPDATE SET total = clientele_counts.total + EXCLUDED.total;
            RETURN NULL;
          END $$`);
        await queryRunner.query(
          `CREATE TRIGGER clientele_counts_${suffix} AFTER ${event} ON ${table}
           REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION clientele_counts_${table}_${suffix}()`,
        );
      }
    }
    await queryRunner.query(
      `CREATE INDEX "audit_log_counts_day_idx" ON "audit_log_counts" ("day", "company_id") WHERE filter = ''`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "audit_log_counts_day_idx"`);
    for (const table of Object.keys(COUNTED)) {
      for (const { suffix } of EVENTS) {
        await queryRunner.query(`DROP TRIGGER clientele_counts_${suffix} ON ${table}`);
        await queryRunner.query(`DROP FUNCTION clientele_counts_${table}_${suffix}()`);
      }
    }
    await queryRunner.query(`DROP TABLE "clientele_counts"`);
  }
}
