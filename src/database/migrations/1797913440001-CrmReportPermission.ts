import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `crm.report` (criticality 7, lvl 2, not after expiry: the Kroncl server's catalog) for the CRM
 * report of CONTRACT 24, and `company.summary`'s description now that it reads the company's
 * summary (the plan moved to GET /companies/{id}/pricing).
 */
export class CrmReportPermission1797913440001 implements MigrationInterface {
  name = 'CrmReportPermission1797913440001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO permissions (code, criticality, lvl, allow_expired, description)
       VALUES ('crm.report', 7, 2, false, 'generate the CRM report') ON CONFLICT (code) DO NOTHING`,
    );
    await queryRunner.query(
      `UPDATE permissions SET description = 'read the company''s summary' WHERE code = 'company.summary'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE permissions SET description = 'read the company''s plan' WHERE code = 'company.summary'`,
    );
    await queryRunner.query(`DELETE FROM permissions WHERE code = 'crm.report'`);
  }
}
