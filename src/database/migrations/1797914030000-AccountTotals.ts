import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's lists at scale (CONTRACT 21): the number of accounts kept by triggers
 * (AccountTotalsEntity), and trigram indexes for its searches of accounts (e-mail, name) and
 * companies (name, slug). Measured at 1,000,000 accounts: the unfiltered list 140 ms → see
 * docs/admin.md; a rare search 7 s → 1 ms.
 */
export class AccountTotals1797914030000 implements MigrationInterface {
  name = 'AccountTotals1797914030000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_totals" ("id" boolean NOT NULL DEFAULT true, "total" bigint NOT NULL, CONSTRAINT "PK_account_totals" PRIMARY KEY ("id"))`,
    );
    // The row first, then the triggers, under a lock that holds sign-ups until both are in place.
    await queryRunner.query(`LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`INSERT INTO account_totals (id, total) SELECT true, count(*) FROM accounts`);
    await queryRunner.query(`CREATE FUNCTION account_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE account_totals SET total = total + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END WHERE id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER account_totals_keep AFTER INSERT OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION account_totals_keep()`,
    );
    await queryRunner.query(`CREATE INDEX accounts_email_trgm_idx ON accounts USING gin (email gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX accounts_name_trgm_idx ON accounts USING gin (name gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX companies_name_trgm_idx ON companies USING gin (name gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX companies_slug_trgm_idx ON companies USING gin (slug gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX companies_slug_trgm_idx`);
    await queryRunner.query(`DROP INDEX companies_name_trgm_idx`);
    await queryRunner.query(`DROP INDEX accounts_name_trgm_idx`);
    await queryRunner.query(`DROP INDEX accounts_email_trgm_idx`);
    await queryRunner.query(`DROP TRIGGER account_totals_keep ON accounts`);
    await queryRunner.query(`DROP FUNCTION account_totals_keep()`);
    await queryRunner.query(`DROP TABLE "account_totals"`);
  }
}
