import { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1795241207740 implements MigrationInterface {
  name = 'Identity1795241207740';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_throttles" ("email" character varying(254) NOT NULL, "attempts" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f68410cc6124d967bf665a1b81d" PRIMARY KEY ("email"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "name" character varying(100) NOT NULL, "avatar_url" text, "auth_type" character varying(16) NOT NULL DEFAULT 'password', "status" character varying(16) NOT NULL DEFAULT 'waiting', "description" character varying(500) NOT NULL DEFAULT '', "type" character varying(32) NOT NULL DEFAULT 'owner', "is_admin" boolean NOT NULL DEFAULT false, "admin_level" integer, "password_hash" character varying(100), "confirmation_token_hash" character(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" ("email") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_confirmation_token_hash_key" ON "accounts" ("confirmation_token_hash") WHERE confirmation_token_hash IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "fingerprints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "key_prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deactivated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07eadf729e0ae0570e60af836f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "fingerprints_key_hash_key" ON "fingerprints" ("key_hash") `);
    await queryRunner.query(
      `CREATE INDEX "fingerprints_account_id_created_at_idx" ON "fingerprints" ("account_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "key_prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "daily_requests" integer NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" ("key_hash") `);
    await queryRunner.query(
      `CREATE INDEX "api_keys_account_id_created_at_idx" ON "api_keys" ("account_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "api_key_usage" ("api_key_id" uuid NOT NULL, "day" date NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_1a84cd867112f7a393227cf046b" PRIMARY KEY ("api_key_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "fingerprint_id" uuid, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "sessions_account_id_idx" ON "sessions" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "sessions_fingerprint_id_idx" ON "sessions" ("fingerprint_id") `);
    await queryRunner.query(
      `ALTER TABLE "fingerprints" ADD CONSTRAINT "FK_afd2f7345b12ff291d669230e79" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_decaf331589778e33441b2a8d9e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_key_usage" ADD CONSTRAINT "FK_1e44ab7f2ed8caa36d11395827c" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_6b74638a814582ff8cbb5bdd8b0" FOREIGN KEY ("fingerprint_id") REFERENCES "fingerprints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_6b74638a814582ff8cbb5bdd8b0"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5"`);
    await queryRunner.query(`ALTER TABLE "api_key_usage" DROP CONSTRAINT "FK_1e44ab7f2ed8caa36d11395827c"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_decaf331589778e33441b2a8d9e"`);
    await queryRunner.query(`ALTER TABLE "fingerprints" DROP CONSTRAINT "FK_afd2f7345b12ff291d669230e79"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_fingerprint_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_token_hash_key"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_account_id_idx"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "api_key_usage"`);
    await queryRunner.query(`DROP INDEX "public"."api_keys_account_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."api_keys_key_hash_key"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP INDEX "public"."fingerprints_account_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."fingerprints_key_hash_key"`);
    await queryRunner.query(`DROP TABLE "fingerprints"`);
    await queryRunner.query(`DROP INDEX "public"."accounts_confirmation_token_hash_key"`);
    await queryRunner.query(`DROP INDEX "public"."accounts_email_key"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
    await queryRunner.query(`DROP TABLE "login_throttles"`);
  }
}
