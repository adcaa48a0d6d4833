import { MigrationInterface, QueryRunner } from 'typeorm';

export class Companies1795241395988 implements MigrationInterface {
  name = 'Companies1795241395988';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "companies" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "slug" character varying(63) NOT NULL, "description" text, "avatar_url" text, "is_public" boolean NOT NULL DEFAULT false, "region" character varying(100), "site" character varying(255), "email" character varying(254), "owner_id" uuid NOT NULL, "plan_code" character varying(32) NOT NULL, "plan_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deleting_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d4bc3e82a314fa9e29f652c2c22" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "companies_slug_key" ON "companies" ("slug") `);
    await queryRunner.query(`CREATE INDEX "companies_owner_id_idx" ON "companies" ("owner_id") `);
    await queryRunner.query(
      `CREATE INDEX "companies_public_created_at_idx" ON "companies" ("created_at", "id") WHERE is_public AND deleting_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "company_members" ("company_id" uuid NOT NULL, "account_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b9bf490188049253bd76443790e" PRIMARY KEY ("company_id", "account_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "company_members_account_id_idx" ON "company_members" ("account_id", "joined_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'waiting', "invited_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5dec98cfdfd562e4ad3648bbb07" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "invitations_waiting_key" ON "invitations" ("company_id", "email") WHERE status = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE INDEX "invitations_email_created_at_idx" ON "invitations" ("email", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "invitations_company_id_created_at_idx" ON "invitations" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "positions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "description" text, "permissions" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_17e4e62ccd5749b289ae3fae6f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "positions_company_id_created_at_idx" ON "positions" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "employees" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100), "email" character varying(254), "phone" character varying(32), "status" character varying(16) NOT NULL DEFAULT 'active', "account_id" uuid, "linked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b9535a98350d5b26e7eb0c26af4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "employees_company_account_key" ON "employees" ("company_id", "account_id") WHERE account_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "employees_company_id_created_at_idx" ON "employees" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "employee_positions" ("employee_id" uuid NOT NULL, "position_id" uuid NOT NULL, "company_id" uuid NOT NULL, CONSTRAINT "PK_17c0efb4122717181d8c5b452c7" PRIMARY KEY ("employee_id", "position_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "employee_positions_company_id_idx" ON "employee_positions" ("company_id") `);
    await queryRunner.query(
      `CREATE INDEX "employee_positions_position_id_idx" ON "employee_positions" ("position_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "audit_logs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "key" character varying(64) NOT NULL, "status" character varying(16) NOT NULL, "criticality" smallint NOT NULL, "account_id" uuid NOT NULL, "request_id" character varying(128), "ip" character varying(64), "user_agent" text, "metadata" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1bb179d048bbc581caa3b013439" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_company_criticality_created_at_idx" ON "audit_logs" ("company_id", "criticality", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_company_status_created_at_idx" ON "audit_logs" ("company_id", "status", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_company_key_created_at_idx" ON "audit_logs" ("company_id", "key", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_company_account_created_at_idx" ON "audit_logs" ("company_id", "account_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_company_created_at_idx" ON "audit_logs" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "companies" ADD CONSTRAINT "FK_df63e1563bbd91b428b5c50d8ad" FOREIGN KEY ("owner_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "companies" ADD CONSTRAINT "FK_8f4da354ca80805ad74887008b9" FOREIGN KEY ("plan_code") REFERENCES "pricing_plans"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_members" ADD CONSTRAINT "FK_e33a61fd560f6412d3ffb39f225" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_members" ADD CONSTRAINT "FK_fa5cf7b580a7c017d857f87765e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "FK_53407578b13649da4cac07455ad" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "positions" ADD CONSTRAINT "FK_6844c44333df4976bc4db69aec8" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "employees" ADD CONSTRAINT "FK_7f3eeef59eece4147effe7bfa6a" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "employees" ADD CONSTRAINT "FK_8d40590e5c06e521ed077552c42" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "employee_positions" ADD CONSTRAINT "FK_aa29183a0652f1a189b9d7bcc9f" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "employee_positions" ADD CONSTRAINT "FK_1f97107ff3fd45a193d7d39761b" FOREIGN KEY ("position_id") REFERENCES "positions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "employee_positions" ADD CONSTRAINT "FK_6fddbffebbac0eba9eb916be7c0" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit_logs" ADD CONSTRAINT "FK_50d854b973295d7c51bcf346efe" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_logs" DROP CONSTRAINT "FK_50d854b973295d7c51bcf346efe"`);
    await queryRunner.query(`ALTER TABLE "employee_positions" DROP CONSTRAINT "FK_6fddbffebbac0eba9eb916be7c0"`);
    await queryRunner.query(`ALTER TABLE "employee_positions" DROP CONSTRAINT "FK_1f97107ff3fd45a193d7d39761b"`);
    await queryRunner.query(`ALTER TABLE "employee_positions" DROP CONSTRAINT "FK_aa29183a0652f1a189b9d7bcc9f"`);
    await queryRunner.query(`ALTER TABLE "employees" DROP CONSTRAINT "FK_8d40590e5c06e521ed077552c42"`);
    await queryRunner.query(`ALTER TABLE "employees" DROP CONSTRAINT "FK_7f3eeef59eece4147effe7bfa6a"`);
    await queryRunner.query(`ALTER TABLE "positions" DROP CONSTRAINT "FK_6844c44333df4976bc4db69aec8"`);
    await queryRunner.query(`ALTER TABLE "invitations" DROP CONSTRAINT "FK_53407578b13649da4cac07455ad"`);
    await queryRunner.query(`ALTER TABLE "company_members" DROP CONSTRAINT "FK_fa5cf7b580a7c017d857f87765e"`);
    await queryRunner.query(`ALTER TABLE "company_members" DROP CONSTRAINT "FK_e33a61fd560f6412d3ffb39f225"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP CONSTRAINT "FK_8f4da354ca80805ad74887008b9"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP CONSTRAINT "FK_df63e1563bbd91b428b5c50d8ad"`);
    await queryRunner.query(`DROP INDEX "public"."audit_logs_company_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_logs_company_account_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_logs_company_key_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_logs_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_logs_company_criticality_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "audit_logs"`);
    await queryRunner.query(`DROP INDEX "public"."employee_positions_position_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."employee_positions_company_id_idx"`);
    await queryRunner.query(`DROP TABLE "employee_positions"`);
    await queryRunner.query(`DROP INDEX "public"."employees_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."employees_company_account_key"`);
    await queryRunner.query(`DROP TABLE "employees"`);
    await queryRunner.query(`DROP INDEX "public"."positions_company_id_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "positions"`);
    await queryRunner.query(`DROP INDEX "public"."invitations_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invitations_email_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invitations_waiting_key"`);
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(`DROP INDEX "public"."company_members_account_id_idx"`);
    await queryRunner.query(`DROP TABLE "company_members"`);
    await queryRunner.query(`DROP INDEX "public"."companies_public_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."companies_owner_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."companies_slug_key"`);
    await queryRunner.query(`DROP TABLE "companies"`);
  }
}
