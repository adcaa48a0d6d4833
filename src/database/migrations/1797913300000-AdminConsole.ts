import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operators' console (CONTRACT 21): its platform audit trail (AdminLogEntity), and the
 * indexes its lists of every account and every company walk, newest first.
 */
export class AdminConsole1797913300000 implements MigrationInterface {
  name = 'AdminConsole1797913300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_logs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "admin_id" uuid NOT NULL, "key" character varying(64) NOT NULL, "request_id" character varying(128), "ip" character varying(64), "user_agent" text, "metadata" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1bd116497b175ab12373dcb362b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "admin_logs_key_created_at_idx" ON "admin_logs" ("key", "created_at") `);
    await queryRunner.query(`CREATE INDEX "admin_logs_admin_created_at_idx" ON "admin_logs" ("admin_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "admin_logs_created_at_idx" ON "admin_logs" ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "accounts_created_at_idx" ON "accounts" ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "companies_created_at_idx" ON "companies" ("created_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."companies_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."accounts_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "admin_logs"`);
  }
}
