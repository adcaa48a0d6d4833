import { MigrationInterface, QueryRunner } from 'typeorm';

/** As ClienteleCounts: a day's count is spread over this many slots. */
const SLOTS = 16;
const DAY = `(created_at AT TIME ZONE 'UTC')::date`;

const EVENTS = [
  { suffix: 'added', event: 'INSERT', transition: 'NEW TABLE AS added', side: 'added', delta: 1 },
  { suffix: 'removed', event: 'DELETE', transition: 'OLD TABLE AS removed', side: 'removed', delta: -1 },
];

/**
 * The console's sign-ups by day (`/admin/clientele/stats`) at scale: the accounts of each UTC
 * sign-up day, kept by statement-level triggers in the writer's transaction (an account's
 * creation time never changes, so only inserts and deletes move them), so 30 days read a few
 * hundred rows, not the 40,000 accounts of a million-account platform's month.
 */
export class AccountSignupDays1797942310000 implements MigrationInterface {
  name = 'AccountSignupDays1797942310000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_signup_days" ("day" date NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_account_signup_days" PRIMARY KEY ("day", "slot"))`,
    );
    // The counts first, then the triggers, under a lock that holds the table's writers until both are in place.
    await queryRunner.query(`LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(
      `INSERT INTO account_signup_days (day, slot, total) SELECT ${DAY}, 0, count(*) FROM accounts GROUP BY 1`,
    );
    for (const { suffix, event, transition, side, delta } of EVENTS) {
      await queryRunner.query(`CREATE FUNCTION account_signup_days_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO account_signup_days (day, slot, total)
          SELECT ${DAY}, pg_backend_pid() % ${SLOTS}, ${delta} * count(*) FROM ${side} GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, slot) DO UPDATE SET total = account_signup_days.total + EXCLUDED.total;
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER account_signup_days_${suffix} AFTER ${event} ON accounts
         REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION account_signup_days_${suffix}()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { suffix } of EVENTS) {
      await queryRunner.query(`DROP TRIGGER account_signup_days_${suffix} ON accounts`);
      await queryRunner.query(`DROP FUNCTION account_signup_days_${suffix}()`);
    }
    await queryRunner.query(`DROP TABLE "account_signup_days"`);
  }
}
