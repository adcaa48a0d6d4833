import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Docs (registry and settings) and the object counts kept per company (docs/documents.md,
 * docs/storage.md). Existing companies get their empty settings row; their counts start at 0,
 * as no route stored a file before this migration.
 */
export class Docs1795700000000 implements MigrationInterface {
  name = 'Docs1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "docs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "object_path" character varying(300) NOT NULL, "module" character varying(8), "type" character varying(32), "comment" character varying(1000), CONSTRAINT "PK_3a13e0daf5db0055b25d829f2f2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "docs_company_object_path_key" ON "docs" ("company_id", "object_path") `,
    );
    await queryRunner.query(
      `CREATE INDEX "docs_company_module_created_at_idx" ON "docs" ("company_id", "module", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "docs_company_id_created_at_idx" ON "docs" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "docs_company_id_idx" ON "docs" ("company_id") `);
    await queryRunner.query(
      `CREATE TABLE "docs_settings" ("company_id" uuid NOT NULL, "legal_name" character varying(300), "legal_address" character varying(500), "inn" character varying(12), "ogrn" character varying(15), "bank_name" character varying(300), "bank_bic" character varying(9), "bank_account" character varying(20), "director_name" character varying(200), "accountant_name" character varying(200), "warranty_terms" character varying(5000), "additional_terms" character varying(5000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_50bfe7ee9d798d0fe163ecd7d32" PRIMARY KEY ("company_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "companies" ADD "objects_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "objects_bytes" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "docs" ADD CONSTRAINT "FK_1c9b9097c7bc23c32d55ab4ad73" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "docs_settings" ADD CONSTRAINT "FK_50bfe7ee9d798d0fe163ecd7d32" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`INSERT INTO "docs_settings" ("company_id") SELECT "id" FROM "companies"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "docs_settings" DROP CONSTRAINT "FK_50bfe7ee9d798d0fe163ecd7d32"`);
    await queryRunner.query(`ALTER TABLE "docs" DROP CONSTRAINT "FK_1c9b9097c7bc23c32d55ab4ad73"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "objects_bytes"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "objects_count"`);
    await queryRunner.query(`DROP TABLE "docs_settings"`);
    await queryRunner.query(`DROP INDEX "public"."docs_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."docs_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."docs_company_module_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."docs_company_object_path_key"`);
    await queryRunner.query(`DROP TABLE "docs"`);
  }
}
