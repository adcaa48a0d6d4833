import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail from a durable outbox (CONTRACT 23, docs/mail.md): the outbox, the account's language,
 * which messages it lets through, and the (address, user agent) pairs it signed in from.
 */
export class MailOutbox1797941000000 implements MigrationInterface {
  name = 'MailOutbox1797941000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "mail_outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(32) NOT NULL, "recipient" character varying(254) NOT NULL, "locale" character varying(2) NOT NULL, "params" jsonb, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" ("created_at", "id") `);
    await queryRunner.query(`ALTER TABLE "accounts" ADD "locale" character varying(2) NOT NULL DEFAULT 'ru'`);
    await queryRunner.query(
      `CREATE OR REPLACE VIEW account_profiles AS
       SELECT id, email, name, avatar_url, auth_type, status, description, type, is_admin, admin_level,
         created_at, updated_at, locale
       FROM accounts`,
    );
    await queryRunner.query(
      `CREATE TABLE "account_notifications" ("account_id" uuid NOT NULL, "new_sign_in" boolean NOT NULL DEFAULT true, "support_answers" boolean NOT NULL DEFAULT true, "admin_alerts" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_e0f8308d8c787c6cef63a5713c4" PRIMARY KEY ("account_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_notifications" ADD CONSTRAINT "FK_e0f8308d8c787c6cef63a5713c4" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "sign_in_pairs" ("account_id" uuid NOT NULL, "pair_hash" character varying(64) NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_846dc2c0420ca56770d301865c8" PRIMARY KEY ("account_id", "pair_hash"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "sign_in_pairs" ADD CONSTRAINT "FK_4374348b6c0554ce1d1a758e815" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sign_in_pairs"`);
    await queryRunner.query(`DROP TABLE "account_notifications"`);
    await queryRunner.query(`DROP VIEW account_profiles`);
    await queryRunner.query(
      `CREATE VIEW account_profiles AS
       SELECT id, email, name, avatar_url, auth_type, status, description, type, is_admin, admin_level,
         created_at, updated_at
       FROM accounts`,
    );
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "locale"`);
    await queryRunner.query(`DROP TABLE "mail_outbox"`);
  }
}
