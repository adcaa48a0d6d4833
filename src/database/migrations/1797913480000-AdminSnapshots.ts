import { MigrationInterface, QueryRunner } from 'typeorm';

/** The console's snapshots (AdminSnapshotEntity) and the lease that lets one instance take them (LeaseEntity). */
export class AdminSnapshots1797913480000 implements MigrationInterface {
  name = 'AdminSnapshots1797913480000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "leases" ("name" character varying(64) NOT NULL, "holder" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8f564523b661f9e2648c3377687" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_snapshots" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(16) NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "instance" character varying(64) NOT NULL, "figures" jsonb NOT NULL, CONSTRAINT "PK_6bbc02b44e5a4843e59d27cddec" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "admin_snapshots_kind_recorded_at_idx" ON "admin_snapshots" ("kind", "recorded_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_snapshots"`);
    await queryRunner.query(`DROP TABLE "leases"`);
  }
}
