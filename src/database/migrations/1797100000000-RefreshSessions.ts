import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions of CONTRACT 17: refresh chains with rotation (refresh_tokens), the end of each
 * session's chain, 6-digit e-mail confirmation codes (replacing the confirmation token), mailed
 * password resets, and fingerprints that may never expire and remember their last use.
 * Generated from the entities; by hand: existing sessions' chains end with their access token.
 */
export class RefreshSessions1797100000000 implements MigrationInterface {
  name = 'RefreshSessions1797100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."accounts_confirmation_token_hash_key"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "confirmation_token_hash"`);
    await queryRunner.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4816377aa98211c1de34469e742" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "password_resets_account_id_idx" ON "password_resets" ("account_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" ("token_hash") `,
    );
    await queryRunner.query(
      `CREATE TABLE "confirmation_codes" ("account_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b6803daea14310a9ac28fd8ea79" PRIMARY KEY ("account_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens" ("session_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "fingerprints" ADD "last_used_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "fingerprints" ALTER COLUMN "expires_at" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "refresh_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "sessions" SET "refresh_expires_at" = "expires_at"`);
    await queryRunner.query(`ALTER TABLE "sessions" ALTER COLUMN "refresh_expires_at" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "password_resets" ADD CONSTRAINT "FK_d4ecc40c8f2d961355273539c09" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "confirmation_codes" ADD CONSTRAINT "FK_b6803daea14310a9ac28fd8ea79" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4"`);
    await queryRunner.query(`ALTER TABLE "confirmation_codes" DROP CONSTRAINT "FK_b6803daea14310a9ac28fd8ea79"`);
    await queryRunner.query(`ALTER TABLE "password_resets" DROP CONSTRAINT "FK_d4ecc40c8f2d961355273539c09"`);
    await queryRunner.query(`UPDATE "fingerprints" SET "expires_at" = 'infinity' WHERE "expires_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "fingerprints" ALTER COLUMN "expires_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "refresh_expires_at"`);
    await queryRunner.query(`ALTER TABLE "fingerprints" DROP COLUMN "last_used_at"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "confirmation_codes"`);
    await queryRunner.query(`DROP TABLE "password_resets"`);
    await queryRunner.query(`ALTER TABLE "accounts" ADD "confirmation_token_hash" character(64)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_confirmation_token_hash_key" ON "accounts" ("confirmation_token_hash") WHERE (confirmation_token_hash IS NOT NULL)`,
    );
  }
}
