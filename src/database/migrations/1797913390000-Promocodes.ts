import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promocodes (CONTRACT 21, PromocodeEntity): a code is unique case-insensitively; uses are
 * counted in the row. A plan transaction records whether it is a promocode's trial.
 */
export class Promocodes1797913390000 implements MigrationInterface {
  name = 'Promocodes1797913390000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "promocodes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" character varying(64) NOT NULL, "plan_code" character varying(32) NOT NULL, "trial_period_days" integer NOT NULL, "max_uses" integer, "used_count" integer NOT NULL DEFAULT '0', "expires_at" TIMESTAMP WITH TIME ZONE, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cfd49e54a2ddfbc02636f8f2904" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "promocodes_plan_code_idx" ON "promocodes" ("plan_code") `);
    await queryRunner.query(`CREATE INDEX "promocodes_created_at_idx" ON "promocodes" ("created_at", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "promocodes_code_key" ON "promocodes" (lower("code"))`);
    await queryRunner.query(
      `ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_plan_code_fkey" FOREIGN KEY ("plan_code") REFERENCES "pricing_plans"("code") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "pricing_transactions" ADD "is_trial" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "pricing_transactions" DROP COLUMN "is_trial"`);
    await queryRunner.query(`DROP TABLE "promocodes"`);
  }
}
