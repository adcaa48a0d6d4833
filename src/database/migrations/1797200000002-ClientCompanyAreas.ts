import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the platform's web client needs of companies (CONTRACT 17): plan purchases as pricing
 * transactions, members' own permission settings, partner applications, and the start and kind
 * (trial or paid) of a company's current plan period.
 */
export class ClientCompanyAreas1797200000002 implements MigrationInterface {
  name = 'ClientCompanyAreas1797200000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "pricing_transactions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "account_id" uuid, "amount" integer NOT NULL, "currency" character varying(3) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "plan_code" character varying(32) NOT NULL, "period" character varying(8) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c40561056ed98aeb30b15aaf7de" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "pricing_transactions_pending_key" ON "pricing_transactions" ("company_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "pricing_transactions_company_id_created_at_idx" ON "pricing_transactions" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "partner_applications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "type" character varying(16) NOT NULL, "email" character varying(254) NOT NULL, "text" text, "status" character varying(16) NOT NULL DEFAULT 'waiting', "client_ip" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9c52c1e24235ece37d592db8297" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "partner_applications_client_ip_created_at_idx" ON "partner_applications" ("client_ip", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "partner_applications_created_at_idx" ON "partner_applications" ("created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "company_member_settings" ("company_id" uuid NOT NULL, "account_id" uuid NOT NULL, "increase_permissions" text array, "reduce_permissions" text array, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a11eee5f794ed0b9daec06f8194" PRIMARY KEY ("company_id", "account_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "companies" ADD "plan_started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`ALTER TABLE "companies" ADD "plan_is_trial" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `ALTER TABLE "pricing_transactions" ADD CONSTRAINT "FK_9c8d33d85744c1ac9881506726f" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pricing_transactions" ADD CONSTRAINT "FK_34ca4e0f0c59c56418976258164" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pricing_transactions" ADD CONSTRAINT "FK_74aa8a2cc7c0d0faafbd89f1941" FOREIGN KEY ("plan_code") REFERENCES "pricing_plans"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_member_settings" ADD CONSTRAINT "FK_7d825a78532482e043e48887a44" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_member_settings" ADD CONSTRAINT "FK_aec7bde0280cc6c040d1ad9297e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Companies so far: the period began at creation; it is the trial unless the plan was changed since.
    await queryRunner.query(
      `UPDATE companies SET plan_started_at = created_at,
         plan_is_trial = abs(extract(epoch FROM plan_expires_at - created_at) - 30 * 86400) < 60`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "company_member_settings" DROP CONSTRAINT "FK_aec7bde0280cc6c040d1ad9297e"`);
    await queryRunner.query(`ALTER TABLE "company_member_settings" DROP CONSTRAINT "FK_7d825a78532482e043e48887a44"`);
    await queryRunner.query(`ALTER TABLE "pricing_transactions" DROP CONSTRAINT "FK_74aa8a2cc7c0d0faafbd89f1941"`);
    await queryRunner.query(`ALTER TABLE "pricing_transactions" DROP CONSTRAINT "FK_34ca4e0f0c59c56418976258164"`);
    await queryRunner.query(`ALTER TABLE "pricing_transactions" DROP CONSTRAINT "FK_9c8d33d85744c1ac9881506726f"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "plan_is_trial"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "plan_started_at"`);
    await queryRunner.query(`DROP TABLE "company_member_settings"`);
    await queryRunner.query(`DROP INDEX "public"."partner_applications_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."partner_applications_client_ip_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "partner_applications"`);
    await queryRunner.query(`DROP INDEX "public"."pricing_transactions_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."pricing_transactions_pending_key"`);
    await queryRunner.query(`DROP TABLE "pricing_transactions"`);
  }
}
