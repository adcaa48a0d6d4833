import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

/** As ClienteleCounts: a day's count is spread over this many slots. */
const SLOTS = 16;

/** Each account of `rows` on its UTC sign-up day, with `delta`. */
const signupDays = (rows: string, delta: number) =>
  `SELECT (created_at AT TIME ZONE 'UTC')::date AS day, ${delta} AS delta FROM ${rows}`;

const TRIGGERS = countTriggers('account_signup_days', signupDays);

/**
 * The console's sign-ups by day (`/admin/clientele/stats`) at scale: the accounts of each UTC
 * sign-up day, kept by statement-level triggers in the writer's transaction, so 30 days read a
 * few hundred rows, not the 40,000 accounts of a million-account platform's month.
 */
export class AccountSignupDays1797942310000 implements MigrationInterface {
  name = 'AccountSignupDays1797942310000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_signup_days" ("day" date NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_account_signup_days" PRIMARY KEY ("day", "slot"))`,
    );
    await keepSlottedCounts(queryRunner, 'accounts', TRIGGERS, {
      counts: 'account_signup_days',
      key: 'day',
      slots: SLOTS,
      present: signupDays('accounts', 1),
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'accounts', TRIGGERS);
    await queryRunner.query(`DROP TABLE "account_signup_days"`);
  }
}
