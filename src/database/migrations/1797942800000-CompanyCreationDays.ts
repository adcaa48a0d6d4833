import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

/** As AccountSignupDays: a day's count is spread over this many slots. */
const SLOTS = 16;

/** Each live company of `rows` on its UTC creation day, with `delta`. */
const creationDays = (rows: string, delta: number) =>
  `SELECT (created_at AT TIME ZONE 'UTC')::date AS day, ${delta} AS delta FROM ${rows} WHERE deleting_at IS NULL`;

const TRIGGERS = countTriggers('company_creation_days', creationDays);

/**
 * Deep pages of the console's companies and stores at scale (`/admin/companies?page=400`): the
 * live companies of each UTC creation day, kept by statement-level triggers in the writer's
 * transaction, so a page starts at its day (the days newer than it summed) and walks only that
 * day's companies before it, not the 8,000 newer companies of the whole offset.
 */
export class CompanyCreationDays1797942800000 implements MigrationInterface {
  name = 'CompanyCreationDays1797942800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "company_creation_days" ("day" date NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_company_creation_days" PRIMARY KEY ("day", "slot"))`,
    );
    await keepSlottedCounts(queryRunner, 'companies', TRIGGERS, {
      counts: 'company_creation_days',
      key: 'day',
      slots: SLOTS,
      present: creationDays('companies', 1),
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'companies', TRIGGERS);
    await queryRunner.query(`DROP TABLE "company_creation_days"`);
  }
}
