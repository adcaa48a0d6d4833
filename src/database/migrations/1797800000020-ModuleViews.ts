import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each module's view of the columns other modules' statements may read (docs/architecture.md,
 * "Module faces"), as AccountProfiles did for accounts. Each owner exports the view's name from
 * its face; the readers join the view instead of the table. All are simple views (one table,
 * plain columns), which PostgreSQL plans as the table itself: the plans and indexes stay.
 * A view lists what the owner's exported JSON (CLIENT_DETAIL_JSON, EMPLOYEE_JSON, unitJson,
 * POSITION_JSON, COUNTERPARTY_JSON) reads; a column added to it is added here by a migration
 * (schema.e2e-spec checks that they agree). Each statement names its view as written, so
 * src/architecture.spec.ts finds the view's owner.
 */
const VIEWS = [
  // fingerprints: how long a fingerprint's sessions may live (the accounts module's sessions).
  `CREATE VIEW fingerprint_lifetimes AS SELECT id, expires_at, deactivated_at FROM fingerprints`,
  // members: who belongs to which company, and the member's own grants (companies, invitations).
  `CREATE VIEW company_memberships AS SELECT company_id, account_id, role, joined_at FROM company_members`,
  `CREATE VIEW member_permission_settings AS SELECT company_id, account_id, increase_permissions, reduce_permissions
    FROM company_member_settings`,
  // plans: a plan's level and limits (the company guard's standing, the storage and database quotas).
  `CREATE VIEW plan_limits AS SELECT code, lvl, limit_db_mb, limit_objects_mb, limit_objects_count FROM pricing_plans`,
  // companies: a company's name and whether it is being deleted (invitations, members).
  `CREATE VIEW company_profiles AS SELECT id, name, deleting_at FROM companies`,
  // crm, hrm, counterparties, warehouse: the rows deals and finance show in their answers.
  `CREATE VIEW client_profiles AS SELECT id, company_id, source_id, first_name, last_name, patronymic, phone, email, comment,
    type, status, metadata, created_at, updated_at FROM crm_clients`,
  `CREATE VIEW employee_profiles AS SELECT id, company_id, first_name, last_name, email, phone, status, account_id, linked_at,
    created_at, updated_at FROM employees`,
  `CREATE VIEW counterparty_profiles AS SELECT id, company_id, name, comment, type, status, metadata, created_at, updated_at
    FROM counterparties`,
  `CREATE VIEW catalog_unit_profiles AS SELECT id, company_id, name, comment, type, status, inventory_type, tracking_detail,
    tracked_type, unit, sale_price, purchase_price, currency, category_id, metadata, created_at, updated_at
    FROM catalog_units`,
  `CREATE VIEW stock_position_profiles AS SELECT id, company_id, type, unit_id, batch_id, quantity, remaining, unit_price,
    created_at, updated_at FROM stock_positions`,
];

export class ModuleViews1797800000020 implements MigrationInterface {
  name = 'ModuleViews1797800000020';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const view of VIEWS) await queryRunner.query(view);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const view of [...VIEWS].reverse()) {
      await queryRunner.query(`DROP VIEW ${/^CREATE VIEW (\w+)/.exec(view)![1]}`);
    }
  }
}
