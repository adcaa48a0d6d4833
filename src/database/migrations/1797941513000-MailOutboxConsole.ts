import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's outbox list (`GET /admin/mail`, docs/mail.md): each filter walks an index in
 * the list's order (newest first), so a filtered page reads only its rows; the recipient's
 * index is on the lower-cased address, as the filter matches it.
 */
export class MailOutboxConsole1797941513000 implements MigrationInterface {
  name = 'MailOutboxConsole1797941513000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" ("status", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "mail_outbox_kind_idx" ON "mail_outbox" ("kind", "created_at", "id") `);
    await queryRunner.query(
      `CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" (lower("recipient"), "created_at", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "mail_outbox_recipient_idx"`);
    await queryRunner.query(`DROP INDEX "mail_outbox_kind_idx"`);
    await queryRunner.query(`DROP INDEX "mail_outbox_status_idx"`);
  }
}
