import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CRM module: sources and clients. Generated from the entities, then by hand: the search
 * index (TypeORM cannot describe an expression or trigram index; the entity declares it with
 * synchronize: false) and the system source of every company that already exists (new
 * companies get theirs from the CRM module's company-created hook).
 */
export class Crm1795241963459 implements MigrationInterface {
  name = 'Crm1795241963459';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "crm_sources" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "url" character varying(2048), "type" character varying(32) NOT NULL, "comment" text, "system" boolean NOT NULL DEFAULT false, "status" character varying(16) NOT NULL DEFAULT 'active', "metadata" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_32f0d9ac47cc2c6713458ae3c30" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "crm_sources_company_system_key" ON "crm_sources" ("company_id") WHERE system`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "crm_sources_company_id_id_key" ON "crm_sources" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "crm_sources_company_id_created_at_idx" ON "crm_sources" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "crm_clients" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "source_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100), "patronymic" character varying(100), "phone" character varying(32), "email" character varying(254), "comment" text, "type" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "metadata" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f8ef29c6976e4a917933424126e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "crm_clients_company_source_created_at_idx" ON "crm_clients" ("company_id", "source_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "crm_clients_company_status_created_at_idx" ON "crm_clients" ("company_id", "status", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "crm_clients_company_type_created_at_idx" ON "crm_clients" ("company_id", "type", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "crm_clients_company_id_created_at_idx" ON "crm_clients" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "crm_clients_company_id_idx" ON "crm_clients" ("company_id") `);
    await queryRunner.query(
      `ALTER TABLE "crm_sources" ADD CONSTRAINT "FK_9638eb4df02eda2dd0c94a088f3" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "crm_clients" ADD CONSTRAINT "FK_9a5f02d3eb02ddad7a02936fb89" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "crm_clients" ADD CONSTRAINT "FK_a30d1105b9956573ab8271b5e18" FOREIGN KEY ("company_id", "source_id") REFERENCES "crm_sources"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );

    // `search` on the client list: company_id plus a case-insensitive substring of first name,
    // last name and e-mail. btree_gin lets the GIN index start with company_id, so one company's
    // matches are found inside the index. The expression must stay identical to SEARCH_TEXT in
    // src/modules/companies/modules/crm/clients/clients.repository.ts, or the planner cannot use the index.
    // pg_trgm was created by the AuditSearchIndex migration.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await queryRunner.query(
      `CREATE INDEX "crm_clients_search_trgm_idx" ON "crm_clients" USING gin ("company_id", (first_name || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '')) gin_trgm_ops)`,
    );

    // Every company starts with one system source (SYSTEM_SOURCE in sources.service.ts).
    await queryRunner.query(
      `INSERT INTO "crm_sources" ("company_id", "name", "type", "system") SELECT "id", 'Manual entry', 'manual', true FROM "companies"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // btree_gin stays: other modules' indexes may use it.
    await queryRunner.query(`DROP INDEX "public"."crm_clients_search_trgm_idx"`);
    await queryRunner.query(`ALTER TABLE "crm_clients" DROP CONSTRAINT "FK_a30d1105b9956573ab8271b5e18"`);
    await queryRunner.query(`ALTER TABLE "crm_clients" DROP CONSTRAINT "FK_9a5f02d3eb02ddad7a02936fb89"`);
    await queryRunner.query(`ALTER TABLE "crm_sources" DROP CONSTRAINT "FK_9638eb4df02eda2dd0c94a088f3"`);
    await queryRunner.query(`DROP INDEX "public"."crm_clients_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."crm_clients_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."crm_clients_company_type_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."crm_clients_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."crm_clients_company_source_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "crm_clients"`);
    await queryRunner.query(`DROP INDEX "public"."crm_sources_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."crm_sources_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."crm_sources_company_system_key"`);
    await queryRunner.query(`DROP TABLE "crm_sources"`);
  }
}
