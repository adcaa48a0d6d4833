import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's company list walks live companies newest first: an index of those alone, so a
 * deep page reads no row of a company being deleted (bench:admin, 100,000 companies).
 */
export class LiveCompaniesByAge1797942200000 implements MigrationInterface {
  name = 'LiveCompaniesByAge1797942200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "companies_live_created_at_idx" ON "companies" ("created_at", "id") WHERE deleting_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."companies_live_created_at_idx"`);
  }
}
