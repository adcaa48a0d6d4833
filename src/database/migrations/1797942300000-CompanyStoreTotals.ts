import { MigrationInterface, QueryRunner } from 'typeorm';

/** As ClienteleCounts: rows of a kept count are spread over this many slots. */
const SLOTS = 16;

/** What one companies row adds to the kept totals of the live companies' stores. */
const store = (side: string, sign: string) =>
  `SELECT 'companies.objects' AS name, ${sign}objects_count::bigint AS delta FROM ${side} WHERE deleting_at IS NULL
   UNION ALL SELECT 'companies.bytes', ${sign}objects_bytes::bigint FROM ${side} WHERE deleting_at IS NULL`;

const EVENTS = [
  { suffix: 'added', event: 'INSERT', transition: 'NEW TABLE AS added', deltas: store('added', '') },
  { suffix: 'removed', event: 'DELETE', transition: 'OLD TABLE AS removed', deltas: store('removed', '-') },
  {
    suffix: 'changed',
    event: 'UPDATE',
    transition: 'OLD TABLE AS removed NEW TABLE AS added',
    deltas: `${store('added', '')} UNION ALL ${store('removed', '-')}`,
  },
];

/**
 * The console's store figures at scale (`/admin/media/sys`, its snapshots): the objects and bytes
 * of the live companies' stores, kept in clientele_counts (`companies.objects`,
 * `companies.bytes`) by statement-level triggers in the writer's transaction, as the company
 * count is; and an index of the paying companies by plan expiry, so counting those that have not
 * expired (a count that moves with the clock, so it cannot be kept) reads only them.
 */
export class CompanyStoreTotals1797942300000 implements MigrationInterface {
  name = 'CompanyStoreTotals1797942300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The totals first, then the triggers, under a lock that holds the table's writers until both are in place.
    await queryRunner.query(`LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(
      `INSERT INTO clientele_counts (name, slot, total)
       SELECT d.name, 0, sum(d.delta) FROM (${store('companies', '')}) d GROUP BY d.name`,
    );
    for (const { suffix, event, transition, deltas } of EVENTS) {
      await queryRunner.query(`CREATE FUNCTION company_store_totals_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO clientele_counts (name, slot, total)
          SELECT d.name, pg_backend_pid() % ${SLOTS}, sum(d.delta) FROM (${deltas}) d
          GROUP BY d.name HAVING sum(d.delta) <> 0 ORDER BY d.name
          ON CONFLICT (name, slot) DO UPDATE SET total = clientele_counts.total + EXCLUDED.total;
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER company_store_totals_${suffix} AFTER ${event} ON companies
         REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION company_store_totals_${suffix}()`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "companies_paying_expires_at_idx" ON "companies" ("plan_expires_at") WHERE NOT plan_is_trial AND deleting_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."companies_paying_expires_at_idx"`);
    for (const { suffix } of EVENTS) {
      await queryRunner.query(`DROP TRIGGER company_store_totals_${suffix} ON companies`);
      await queryRunner.query(`DROP FUNCTION company_store_totals_${suffix}()`);
    }
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name IN ('companies.objects', 'companies.bytes')`);
  }
}
