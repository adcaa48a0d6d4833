import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The employee list's status filter, its exact totals (the smallest index, counted index-only)
 * and `search` over first name, last name, e-mail and phone; the HRM analytics use the first two.
 */
export class Hrm1795400000000 implements MigrationInterface {
  name = 'Hrm1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "employees_company_id_idx" ON "employees" ("company_id") `);
    await queryRunner.query(
      `CREATE INDEX "employees_company_status_created_at_idx" ON "employees" ("company_id", "status", "created_at", "id") `,
    );
    // Like crm_clients_search_trgm_idx (migration Crm, which created btree_gin; pg_trgm comes
    // from AuditSearchIndex). The expression must stay identical to SEARCH_TEXT in
    // src/modules/companies/modules/hrm/employees/employees.repository.ts, or the planner cannot use the index.
    await queryRunner.query(
      `CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin ("company_id", (first_name || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."employees_search_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."employees_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."employees_company_id_idx"`);
  }
}
