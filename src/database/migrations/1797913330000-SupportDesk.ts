import { MigrationInterface, QueryRunner } from 'typeorm';

/** The operators' desk (CONTRACT 21): a ticket's assigned administrator, and the indexes of the list of every company's tickets. */
export class SupportDesk1797913330000 implements MigrationInterface {
  name = 'SupportDesk1797913330000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "support_tickets" ADD "assigned_admin_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "support_tickets_assigned_admin_created_at_idx" ON "support_tickets" ("assigned_admin_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "support_tickets_status_created_at_idx" ON "support_tickets" ("status", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" ("created_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."support_tickets_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."support_tickets_assigned_admin_created_at_idx"`);
    await queryRunner.query(`ALTER TABLE "support_tickets" DROP COLUMN "assigned_admin_id"`);
  }
}
