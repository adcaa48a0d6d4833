import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The logs module's horizon per company (docs/logs.md): clear and optimize move it, readers see
 * only the records since it, and a purger deletes the older ones in batches.
 */
export class Logs1795600000000 implements MigrationInterface {
  name = 'Logs1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log_horizons" ("company_id" uuid NOT NULL, "visible_from" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_315dabc4c81f76ecf54ec9f13e1" PRIMARY KEY ("company_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit_log_horizons" ADD CONSTRAINT "FK_315dabc4c81f76ecf54ec9f13e1" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log_horizons" DROP CONSTRAINT "FK_315dabc4c81f76ecf54ec9f13e1"`);
    await queryRunner.query(`DROP TABLE "audit_log_horizons"`);
  }
}
