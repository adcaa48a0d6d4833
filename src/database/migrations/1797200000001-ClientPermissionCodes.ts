import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The codes the platform's web client checks that the catalog lacked (CONTRACT 17), with the
 * platform server's served lvl (1 is the richest plan), criticality and allow_expired. Codes the
 * server does not define take those of the code they stand for: `storage.sources` the server's
 * `storage.db.sources`, `fm.counterparties…` the `cpm.counterparties…` they are the client's
 * older names of.
 */
const PERMISSIONS: Array<[string, number, number, boolean, string]> = [
  ['hrm', 2, 3, true, 'open the HRM module'],
  ['crm', 2, 2, true, 'open the CRM module'],
  ['crm.analysis', 1, 2, false, 'CRM analytics'],
  ['accounts.settings', 3, 3, true, "read a member's permission settings"],
  ['accounts.settings.update', 10, 3, true, "change a member's permission settings"],
  ['pricing.transactions', 3, 3, true, "list the company's plan purchases"],
  ['storage.sources', 3, 3, true, 'database storage sources'],
  ['fm.counterparties', 2, 3, true, 'read counterparties (the client name of cpm.counterparties)'],
  ['fm.counterparties.create', 6, 3, false, 'create counterparties (the client name of cpm.counterparties.create)'],
  ['fm.counterparties.update', 5, 3, false, 'update counterparties (the client name of cpm.counterparties.update)'],
];

export class ClientPermissionCodes1797200000001 implements MigrationInterface {
  name = 'ClientPermissionCodes1797200000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [code, criticality, lvl, allowExpired, description] of PERMISSIONS) {
      await queryRunner.query(
        `INSERT INTO permissions (code, criticality, lvl, allow_expired, description) VALUES ($1, $2, $3, $4, $5)`,
        [code, criticality, lvl, allowExpired, description],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM permissions WHERE code = ANY($1)`, [PERMISSIONS.map(([code]) => code)]);
  }
}
