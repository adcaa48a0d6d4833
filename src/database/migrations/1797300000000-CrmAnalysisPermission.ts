import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `crm.analysis` (criticality 1, lvl 2, not after expiry: the Kroncl server's values, the same on
 * either plan scale) for the CRM analytics of CONTRACT 17. Another migration may seed the same
 * code for the web client's permission checks, so this one leaves an existing row alone.
 */
export class CrmAnalysisPermission1797300000000 implements MigrationInterface {
  name = 'CrmAnalysisPermission1797300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO permissions (code, criticality, lvl, allow_expired, description)
       VALUES ('crm.analysis', 1, 2, false, 'CRM analytics') ON CONFLICT (code) DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM permissions WHERE code = 'crm.analysis'`);
  }
}
