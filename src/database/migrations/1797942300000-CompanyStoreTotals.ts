import { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS, storeTotals } from '../company-store-totals';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

const TRIGGERS = countTriggers('company_store_totals', storeTotals);

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
    await keepSlottedCounts(queryRunner, 'companies', TRIGGERS, {
      counts: 'clientele_counts',
      key: 'name',
      slots: SLOTS,
      present: storeTotals('companies', 1),
    });
    await queryRunner.query(
      `CREATE INDEX "companies_paying_expires_at_idx" ON "companies" ("plan_expires_at") WHERE NOT plan_is_trial AND deleting_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."companies_paying_expires_at_idx"`);
    await dropCountTriggers(queryRunner, 'companies', TRIGGERS);
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name IN ('companies.objects', 'companies.bytes')`);
  }
}
