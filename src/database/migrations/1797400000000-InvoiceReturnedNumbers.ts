import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoice numbers are taken in a short transaction of their own, before the PDF is stored
 * (issue 28: no store call under a lock); a failed invoice gives its number back here.
 */
export class InvoiceReturnedNumbers1797400000000 implements MigrationInterface {
  name = 'InvoiceReturnedNumbers1797400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "deal_invoice_counters" ADD "returned_numbers" integer array NOT NULL DEFAULT '{}'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "deal_invoice_counters" DROP COLUMN "returned_numbers"`);
  }
}
