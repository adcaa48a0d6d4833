import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support module: tickets and their messages, generated from the entities. A message's
 * times default to clock_timestamp() (the insert's time, see SupportMessageEntity).
 */
export class Support1795500000000 implements MigrationInterface {
  name = 'Support1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "support_tickets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "initiator_id" uuid NOT NULL, "theme" character varying(32) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', CONSTRAINT "PK_942e8d8f5df86100471d2324643" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "support_tickets_company_theme_created_at_idx" ON "support_tickets" ("company_id", "theme", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "support_tickets_company_status_created_at_idx" ON "support_tickets" ("company_id", "status", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "support_tickets_company_created_at_idx" ON "support_tickets" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "support_tickets_company_id_id_key" ON "support_tickets" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "support_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "ticket_id" uuid NOT NULL, "account_id" uuid NOT NULL, "text" text NOT NULL, "read" boolean NOT NULL DEFAULT false, "is_tech" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), CONSTRAINT "PK_2aa37479e71ef29cbf4dba2b1a2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "support_messages_company_ticket_created_at_idx" ON "support_messages" ("company_id", "ticket_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "support_tickets" ADD CONSTRAINT "FK_885da5065cd1b164ee75c61d07f" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "support_messages" ADD CONSTRAINT "FK_fb7dcf96f3aa9c7f496ef718784" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "support_messages" ADD CONSTRAINT "FK_9508ecf7b65a81f402e94454952" FOREIGN KEY ("company_id", "ticket_id") REFERENCES "support_tickets"("company_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "support_messages" DROP CONSTRAINT "FK_9508ecf7b65a81f402e94454952"`);
    await queryRunner.query(`ALTER TABLE "support_messages" DROP CONSTRAINT "FK_fb7dcf96f3aa9c7f496ef718784"`);
    await queryRunner.query(`ALTER TABLE "support_tickets" DROP CONSTRAINT "FK_885da5065cd1b164ee75c61d07f"`);
    await queryRunner.query(`DROP INDEX "public"."support_messages_company_ticket_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "support_messages"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_company_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_company_theme_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "support_tickets"`);
  }
}
