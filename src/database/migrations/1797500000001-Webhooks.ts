import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/** The webhooks catalog of CONTRACT 19 (code, criticality, lvl, allow_expired, description). */
const PERMISSIONS: PermissionSeed[] = [
  ['webhooks', 5, 2, false, 'read webhooks and their deliveries'],
  ['webhooks.create', 7, 2, false, 'create webhooks'],
  ['webhooks.update', 7, 2, false, 'update webhooks, rotate their secrets and retry their deliveries'],
  ['webhooks.delete', 8, 2, false, 'delete webhooks'],
];

/** Webhooks, their outbox of events and deliveries (CONTRACT 19, docs/webhooks.md). */
export class Webhooks1797500000001 implements MigrationInterface {
  name = 'Webhooks1797500000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "url" character varying(2048) NOT NULL, "events" text array NOT NULL, "description" character varying(500), "active" boolean NOT NULL DEFAULT true, "secret" character varying(128) NOT NULL, "previous_secret" character varying(128), "previous_secret_until" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhooks_company_id_created_at_idx" ON "webhooks" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" uuid NOT NULL, "company_id" uuid NOT NULL, "type" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_events_company_id_created_at_idx" ON "webhook_events" ("company_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "webhook_id" uuid NOT NULL, "company_id" uuid NOT NULL, "event_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_status_code" smallint, "last_error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" ("event_id") `);
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries" ("webhook_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "webhooks" ADD CONSTRAINT "FK_622017cd93dd8f74f6ad8897cd5" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_events" ADD CONSTRAINT "FK_c6c80773acd39fdf76647b1b861" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"`);
    await queryRunner.query(`ALTER TABLE "webhook_events" DROP CONSTRAINT "FK_c6c80773acd39fdf76647b1b861"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_622017cd93dd8f74f6ad8897cd5"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_webhook_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_due_idx"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_event_id_idx"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_events_company_id_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP INDEX "public"."webhooks_company_id_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
