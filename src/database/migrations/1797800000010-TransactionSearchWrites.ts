import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter of the writes that can change a transaction search's matches (issue 29): every
 * statement that inserts, updates or deletes a company's transactions, employees or transaction
 * categories adds 1 to one of the company's slot rows, in its own transaction. The sum of a
 * company's slots only grows, so the repository can reuse a bounded search total counted at the
 * same sum (transactions.repository.ts, "search totals"). Slots as for the kept counts: concurrent
 * writers of one company rarely wait on one row; a company being deleted (the cascade) is skipped.
 */
const SLOTS = 256;
const TABLES = ['transactions', 'employees', 'transaction_categories'];
const EVENTS = [
  { event: 'INSERT', transition: 'NEW TABLE AS added', rows: 'SELECT company_id FROM added' },
  { event: 'DELETE', transition: 'OLD TABLE AS removed', rows: 'SELECT company_id FROM removed' },
  {
    event: 'UPDATE',
    transition: 'OLD TABLE AS removed NEW TABLE AS added',
    rows: 'SELECT company_id FROM added UNION SELECT company_id FROM removed',
  },
];
const nameOf = (table: string, event: string) => `${table}_search_writes_${event.toLowerCase()}`;

export class TransactionSearchWrites1797800000010 implements MigrationInterface {
  name = 'TransactionSearchWrites1797800000010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transaction_search_writes" ("company_id" uuid NOT NULL, "slot" smallint NOT NULL, "writes" bigint NOT NULL, CONSTRAINT "transaction_search_writes_pkey" PRIMARY KEY ("company_id", "slot"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "transaction_search_writes" ADD CONSTRAINT "transaction_search_writes_company_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    for (const table of TABLES) {
      for (const { event, transition, rows } of EVENTS) {
        const name = nameOf(table, event);
        await queryRunner.query(
          `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
               INSERT INTO transaction_search_writes (company_id, slot, writes)
               SELECT w.company_id, pg_backend_pid() % ${SLOTS}, 1
               FROM (SELECT DISTINCT company_id FROM (${rows}) r) w JOIN companies c ON c.id = w.company_id
               ORDER BY w.company_id
               ON CONFLICT (company_id, slot) DO UPDATE SET writes = transaction_search_writes.writes + 1;
               RETURN NULL;
             END $$`,
        );
        await queryRunner.query(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
             REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
        );
      }
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const { event } of EVENTS) {
        await queryRunner.query(`DROP TRIGGER ${nameOf(table, event)} ON ${table}`);
        await queryRunner.query(`DROP FUNCTION ${nameOf(table, event)}()`);
      }
    }
    await queryRunner.query(`DROP TABLE "transaction_search_writes"`);
  }
}
