import { MigrationInterface, QueryRunner } from 'typeorm';

/** The files records name (CONTRACT 22; core/attachments). */
export class RecordAttachments1797942100000 implements MigrationInterface {
  name = 'RecordAttachments1797942100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "record_attachments" ("company_id" uuid NOT NULL, "record_kind" character varying(63) NOT NULL, "record_id" uuid NOT NULL, "path" character varying(1024) NOT NULL, "position" smallint NOT NULL, "size" bigint NOT NULL, "content_type" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cef188eb07b183e5e29fb935b82" PRIMARY KEY ("company_id", "record_kind", "record_id", "path"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "record_attachments_company_path_idx" ON "record_attachments" ("company_id", "path") `,
    );
    await queryRunner.query(
      `ALTER TABLE "record_attachments" ADD CONSTRAINT "FK_230e03a639d3fe3d7c3cabf8ec8" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "record_attachments" DROP CONSTRAINT "FK_230e03a639d3fe3d7c3cabf8ec8"`);
    await queryRunner.query(`DROP INDEX "public"."record_attachments_company_path_idx"`);
    await queryRunner.query(`DROP TABLE "record_attachments"`);
  }
}
