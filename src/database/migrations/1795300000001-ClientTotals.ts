import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTriggers, createCountTriggers, dropCountTriggers } from '../count-triggers';

/**
 * Exact client totals kept by the database (docs/crm.md, "Totals"). Statement-level triggers
 * with transition tables count whatever writes crm_clients (the API, INSERT … SELECT, COPY, a
 * restore) in the writing transaction, once per statement.
 * - Each count is spread over SLOTS rows; a writer adds to its connection's slot, a reader sums
 *   them, so concurrent writers in one company rarely wait on the same row.
 * - Rows are upserted in one order (company, filter), so writers never deadlock on them.
 * - Changes of a company that is being deleted (the cascade) are skipped: its totals go with it.
 */
const SLOTS = 16;

/** The filters a client counts under: all (''), its status, its type and its source. */
const keysOf = (rows: string, delta: number) =>
  `SELECT company_id, unnest(ARRAY['', 'status=' || status, 'type=' || type, 'source_id=' || source_id]) AS filter,
          ${delta} AS delta
   FROM ${rows}`;

const applyDeltas = (deltas: string) =>
  `INSERT INTO crm_client_totals (company_id, filter, slot, total)
   SELECT d.company_id, d.filter, pg_backend_pid() % ${SLOTS}, sum(d.delta)
   FROM (${deltas}) d JOIN companies c ON c.id = d.company_id
   GROUP BY d.company_id, d.filter HAVING sum(d.delta) <> 0 ORDER BY d.company_id, d.filter
   ON CONFLICT (company_id, filter, slot) DO UPDATE SET total = crm_client_totals.total + EXCLUDED.total`;

const TRIGGERS = countTriggers('crm_client_totals', keysOf);

export class ClientTotals1795300000001 implements MigrationInterface {
  name = 'ClientTotals1795300000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "crm_client_totals" ("company_id" uuid NOT NULL, "filter" character varying(64) NOT NULL, "slot" smallint NOT NULL, "total" bigint NOT NULL, CONSTRAINT "PK_7ac472ed1c487f3ed4c6f9b933b" PRIMARY KEY ("company_id", "filter", "slot"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "crm_client_totals" ADD CONSTRAINT "FK_31924067d51f6902d272df3455f" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await createCountTriggers(queryRunner, 'crm_clients', TRIGGERS, applyDeltas);
    await queryRunner.query(
      `INSERT INTO crm_client_totals (company_id, filter, slot, total)
       SELECT company_id, filter, 0, count(*) FROM (${keysOf('crm_clients', 1)}) k GROUP BY company_id, filter`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'crm_clients', TRIGGERS);
    await queryRunner.query(`DROP TABLE "crm_client_totals"`);
  }
}
