import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/**
 * The codes the platform's web client checks that the catalog lacked (CONTRACT 17), with the
 * platform server's served lvl (1 is the richest plan), criticality and allow_expired. Codes the
 * server does not define take those of the code they stand for: `storage.sources` the server's
 * `storage.db.sources`, `fm.counterparties…` the `cpm.counterparties…` they are the client's
 * older names of.
 */
const PERMISSIONS: PermissionSeed[] = [
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
    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
  }
}
