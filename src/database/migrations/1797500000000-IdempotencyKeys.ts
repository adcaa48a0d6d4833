import { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency-Key answers per account, kept 24 hours (CONTRACT 18, src/core/idempotency). */
export class IdempotencyKeys1797500000000 implements MigrationInterface {
  name = 'IdempotencyKeys1797500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "key" character varying(255) NOT NULL, "method" character varying(8) NOT NULL, "path" text NOT NULL, "body_hash" character(64) NOT NULL, "claim" uuid, "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status_code" smallint, "answer" jsonb, "reveals_secret" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8ad20779ad0411107a56e53d0f6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" ("expires_at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idempotency_keys_account_key_idx" ON "idempotency_keys" ("account_id", "key") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idempotency_keys_account_key_idx"`);
    await queryRunner.query(`DROP INDEX "public"."idempotency_keys_expires_at_idx"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
