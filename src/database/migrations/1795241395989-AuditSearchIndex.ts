import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trigram index for the logs module's `search` (text anywhere in metadata, case-insensitive).
 * TypeORM cannot describe an expression index; the entity declares it with synchronize: false.
 */
export class AuditSearchIndex1795241395989 implements MigrationInterface {
  name = 'AuditSearchIndex1795241395989';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX audit_logs_metadata_trgm_idx ON audit_logs USING gin ((metadata::text) gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX audit_logs_metadata_trgm_idx`);
  }
}
