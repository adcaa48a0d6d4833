import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console searches bucket names (`MINIO_BUCKET_PREFIX` and the company id) by any part of
 * them: a trigram index of the live companies' ids as text, so a search reads the matches, not
 * every company (bench:admin, 100,000 companies).
 */
export class CompanyIdsByText1797942400000 implements MigrationInterface {
  name = 'CompanyIdsByText1797942400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX companies_id_trgm_idx ON companies USING gin ((id::text) gin_trgm_ops) WHERE deleting_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX companies_id_trgm_idx`);
  }
}
