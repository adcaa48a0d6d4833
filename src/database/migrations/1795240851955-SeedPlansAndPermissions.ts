import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/** Pricing plans (RUB) and the permission catalog of CONTRACT section 6. */
const PLANS: Array<[string, number, number, number, string, string, number, number, number]> = [
  [
    'start',
    1,
    1490,
    14900,
    'Start',
    'Core modules for a small team: HRM, support, logs, documents, storage.',
    512,
    1024,
    1000,
  ],
  ['business', 2, 3990, 39900, 'Business', 'Everything in Start plus CRM, with room to grow.', 2048, 10240, 10000],
  [
    'enterprise',
    3,
    9990,
    99900,
    'Enterprise',
    'Everything, with the largest database and file storage limits.',
    10240,
    102400,
    100000,
  ],
];

const PERMISSIONS: PermissionSeed[] = [
  ['company.summary', 3, 1, true, "read the company's plan"],
  ['company.update', 8, 1, true, 'PATCH the company'],
  ['company.delete', 10, 1, true, 'DELETE the company (owner only in any case)'],
  ['pricing.migrate', 10, 1, true, "change the company's plan (administrators only, for now)"],
  ['accounts', 2, 1, true, 'list members'],
  ['accounts.delete', 10, 1, true, 'remove a member'],
  ['accounts.invitations', 3, 1, true, "list the company's invitations"],
  ['accounts.invitations.create', 8, 1, true, 'invite by e-mail'],
  ['accounts.invitations.revoke', 8, 1, true, 'revoke an invitation'],
  ['support.tickets', 3, 1, true, 'read tickets and messages'],
  ['support.tickets.create', 7, 1, true, 'open a ticket'],
  ['support.tickets.update', 8, 1, true, 'change status, post a message, set read'],
  ['logs', 3, 1, true, 'list and read log records'],
  ['logs.activity', 7, 1, true, 'activity per day'],
  ['logs.clear', 10, 1, false, 'clear'],
  ['logs.optimize', 10, 1, false, 'optimize'],
  ['docs', 3, 1, true, 'list and read documents'],
  ['docs.settings', 3, 1, true, 'read docs settings'],
  ['docs.settings.update', 9, 1, false, 'change docs settings'],
  ['storage', 1, 1, true, 'storage status against plan limits'],
  ['storage.db', 2, 1, true, 'database storage figures'],
  ['storage.media', 2, 1, true, 'media statistics and file download'],
  ['hrm.employees', 3, 1, true, 'read employees'],
  ['hrm.employees.create', 8, 1, false, 'create employees'],
  ['hrm.employees.update', 7, 1, false, 'update, (de)activate, link/unlink account and position'],
  ['hrm.positions', 3, 1, true, 'read positions'],
  ['hrm.positions.create', 8, 1, false, 'create positions'],
  ['hrm.positions.update', 7, 1, false, 'update positions'],
  ['hrm.positions.delete', 9, 1, false, 'delete positions'],
  ['hrm.analysis', 7, 1, false, 'HRM analytics'],
  ['hrm.report', 7, 1, false, 'generate the HRM report'],
  ['crm.clients', 3, 2, true, 'read clients'],
  ['crm.clients.create', 8, 2, false, 'create clients'],
  ['crm.clients.update', 7, 2, false, 'update, (de)activate clients'],
  ['crm.sources', 3, 2, true, 'read sources'],
  ['crm.sources.create', 8, 2, false, 'create sources'],
  ['crm.sources.update', 7, 2, false, 'update sources'],
];

export class SeedPlansAndPermissions1795240851955 implements MigrationInterface {
  name = 'SeedPlansAndPermissions1795240851955';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [code, lvl, month, year, name, description, db, objectsMb, objectsCount] of PLANS) {
      await queryRunner.query(
        `INSERT INTO pricing_plans (code, lvl, price_per_month, price_per_year, price_currency, name, description,
           limit_db_mb, limit_objects_mb, limit_objects_count)
         VALUES ($1, $2, $3, $4, 'RUB', $5, $6, $7, $8, $9)`,
        [code, lvl, month, year, name, description, db, objectsMb, objectsCount],
      );
    }
    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
    await queryRunner.query(`DELETE FROM pricing_plans WHERE code = ANY($1)`, [PLANS.map(([code]) => code)]);
  }
}
