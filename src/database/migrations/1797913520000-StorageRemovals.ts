import { MigrationInterface, QueryRunner } from 'typeorm';

/** The durable queue of objects to remove from the store (CONTRACT 20; core/storage). */
export class StorageRemovals1797913520000 implements MigrationInterface {
  name = 'StorageRemovals1797913520000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "storage_removals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "path" character varying(1024) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6d5d94ea1f5a0d11e4b0a908a8b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "storage_removals_next_attempt_at_idx" ON "storage_removals" ("next_attempt_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."storage_removals_next_attempt_at_idx"`);
    await queryRunner.query(`DROP TABLE "storage_removals"`);
  }
}
