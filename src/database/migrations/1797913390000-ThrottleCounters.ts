import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for every throttle of CONTRACT 20 (src/core/limits/throttles.ts). The sign-in lockout
 * per e-mail (`login_throttles`), which let anyone lock an owner out, is replaced by the limits
 * per (e-mail, address), per e-mail and per address counted here.
 */
export class ThrottleCounters1797913390000 implements MigrationInterface {
  name = 'ThrottleCounters1797913390000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "throttle_counters" ("limit_name" character varying(64) NOT NULL, "subject_hash" character(64) NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "hits" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "throttle_counters_pkey" PRIMARY KEY ("limit_name", "subject_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "throttle_counters_expires_at_idx" ON "throttle_counters" ("expires_at") `);
    await queryRunner.query(`DROP TABLE "login_throttles"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_throttles" ("email" character varying(254) NOT NULL, "attempts" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f68410cc6124d967bf665a1b81d" PRIMARY KEY ("email"))`,
    );
    await queryRunner.query(`DROP INDEX "public"."throttle_counters_expires_at_idx"`);
    await queryRunner.query(`DROP TABLE "throttle_counters"`);
  }
}
