import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT 20: a session remembers how it was opened (existing ones by their fingerprint), and
 * security events are kept for their accounts. Generated from the entities; by hand: the kinds
 * of existing sessions.
 */
export class CredentialKinds1797913450000 implements MigrationInterface {
  name = 'CredentialKinds1797913450000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" ADD "kind" character varying(16)`);
    await queryRunner.query(
      `UPDATE "sessions" SET "kind" = CASE WHEN "fingerprint_id" IS NULL THEN 'password' ELSE 'fingerprint' END`,
    );
    await queryRunner.query(`ALTER TABLE "sessions" ALTER COLUMN "kind" SET NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "security_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid, "event" character varying(32) NOT NULL, "outcome" character varying(16) NOT NULL, "ip" character varying(64), "user_agent" text, "request_id" character varying(128), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6fc100d6700780737348df0d3ae" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "security_events_account_created_at_idx" ON "security_events" ("account_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "security_events"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "kind"`);
  }
}
