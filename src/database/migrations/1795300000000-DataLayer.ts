import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ownership the right way up (docs/architecture.md):
 * - the audit trail belongs to core, which knows no module's tables: audit_logs loses its
 *   foreign key to companies, and the company purge removes a company's records itself;
 * - HRM owns what a member's employee card grants: the view hrm_member_permissions, which the
 *   company guard reads instead of HRM's tables. Only active cards linked to an account count.
 */
export class DataLayer1795300000000 implements MigrationInterface {
  name = 'DataLayer1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_logs" DROP CONSTRAINT "FK_50d854b973295d7c51bcf346efe"`);
    await queryRunner.query(
      `CREATE VIEW hrm_member_permissions AS
       SELECT e.company_id, e.account_id, array_agg(DISTINCT code ORDER BY code) AS codes
       FROM employees e
       JOIN employee_positions ep ON ep.employee_id = e.id
       JOIN positions p ON p.id = ep.position_id
       CROSS JOIN unnest(p.permissions) AS code
       WHERE e.account_id IS NOT NULL AND e.status = 'active'
       GROUP BY e.company_id, e.account_id`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW hrm_member_permissions`);
    await queryRunner.query(
      `ALTER TABLE "audit_logs" ADD CONSTRAINT "FK_50d854b973295d7c51bcf346efe" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }
}
