import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order of an outcome's takes (stock_consumptions.ordinal), so the batch lists them as they
 * were made. The table is new in the Warehouse migration, so no existing row lacks one.
 */
export class StockConsumptionOrder1795900000001 implements MigrationInterface {
  name = 'StockConsumptionOrder1795900000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stock_consumptions" ADD "ordinal" integer NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stock_consumptions" DROP COLUMN "ordinal"`);
  }
}
