import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTriggers, createCountTriggers, dropCountTriggers } from '../count-triggers';

/**
 * Audit records counted per company, UTC day and list filter (docs/logs.md, "Totals"), kept by
 * statement-level triggers with transition tables, so whatever writes audit_logs (the audit
 * trail, the purger, a bulk INSERT … SELECT, a restore) is counted once per statement, in its
 * own transaction.
 * - Each count is spread over SLOTS rows; a writer adds to its connection's slot.
 * - Rows are upserted in one order, so writers never deadlock on them.
 * - Records of a company that no longer exists are not counted (its counts went with it).
 */
const SLOTS = 16;

const filtersOf = (rows: string, delta: number) =>
  `SELECT company_id, (created_at AT TIME ZONE 'UTC')::date AS day,
          unnest(ARRAY['', 'key=' || key, 'account_id=' || account_id, 'status=' || status,
                       'criticality=' || criticality]) AS filter, ${delta} AS delta
   FROM ${rows}`;

const applyDeltas = (deltas: string) =>
  `INSERT INTO audit_log_counts (company_id, filter, day, slot, total)
   SELECT d.company_id, d.filter, d.day, pg_backend_pid() % ${SLOTS}, sum(d.delta)
   FROM (${deltas}) d JOIN companies c ON c.id = d.company_id
   GROUP BY d.company_id, d.filter, d.day HAVING sum(d.delta) <> 0 ORDER BY d.company_id, d.filter, d.day
   ON CONFLICT (company_id, filter, day, slot) DO UPDATE SET total = audit_log_counts.total + EXCLUDED.total`;

const TRIGGERS = countTriggers('audit_log_counts', filtersOf);

export class LogCounts1795750000000 implements MigrationInterface {
  name = 'LogCounts1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log_counts" ("company_id" uuid NOT NULL, "filter" character varying(128) NOT NULL, "day" date NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_a3f3e0c1b6d54c0d8f0b7e2a9c1" PRIMARY KEY ("company_id", "filter", "day", "slot"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit_log_counts" ADD CONSTRAINT "FK_879df3af49679e081ee2491d20d" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await createCountTriggers(queryRunner, 'audit_logs', TRIGGERS, applyDeltas);
    await queryRunner.query(
      `INSERT INTO audit_log_counts (company_id, filter, day, slot, total)
       SELECT f.company_id, f.filter, f.day, 0, count(*)
       FROM (${filtersOf('audit_logs', 1)}) f JOIN companies c ON c.id = f.company_id
       GROUP BY f.company_id, f.filter, f.day`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'audit_logs', TRIGGERS);
    await queryRunner.query(`DROP TABLE "audit_log_counts"`);
  }
}
