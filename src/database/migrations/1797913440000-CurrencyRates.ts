import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rates administrators set for the currencies of CONTRACT 12 (CONTRACT 24): one row per code
 * that has one; `updated_by` names the administrator (kept when the account goes, as a record).
 */
export class CurrencyRates1797913440000 implements MigrationInterface {
  name = 'CurrencyRates1797913440000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "currency_rates" ("code" character varying(8) NOT NULL, "rate" numeric NOT NULL,
        "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "currency_rates_rate_positive" CHECK ("rate" > 0),
        CONSTRAINT "PK_currency_rates_code" PRIMARY KEY ("code"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "currency_rates"`);
  }
}
