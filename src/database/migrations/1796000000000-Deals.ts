import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/** The dm catalog of CONTRACT 16 (code, criticality, lvl, allow_expired, description). */
const PERMISSIONS: PermissionSeed[] = [
  ['dm', 2, 3, true, 'the deals module'],
  ['dm.types', 2, 3, true, 'read deal types'],
  ['dm.types.create', 4, 3, false, 'create deal types'],
  ['dm.types.update', 5, 3, false, 'update deal types'],
  ['dm.types.delete', 6, 3, false, 'delete deal types'],
  ['dm.statuses', 2, 3, true, 'read deal statuses'],
  ['dm.statuses.create', 4, 3, false, 'create deal statuses'],
  ['dm.statuses.update', 5, 3, false, 'update and reorder deal statuses'],
  ['dm.statuses.delete', 6, 3, false, 'delete deal statuses'],
  ['dm.deals', 2, 3, true, 'read deals'],
  ['dm.deals.create', 8, 3, false, 'create deals'],
  ['dm.deals.update', 7, 3, false, 'update deals'],
  ['dm.deals.delete', 9, 3, false, 'delete deals'],
  ['dm.deals.invoice', 7, 3, false, 'issue an invoice for a deal'],
  ['dm.deals.transactions', 3, 3, true, "read a deal's transactions"],
  ['dm.deals.transactions.create', 9, 3, false, 'record a transaction of a deal'],
  ['dm.deals.transactions.summary', 2, 3, false, "summarise a deal's transactions"],
  ['dm.analysis', 1, 3, false, 'deal analytics'],
];

/**
 * The deals module (CONTRACT 16). Generated from the entities, then by hand: the trigram indexes
 * of `search` (TypeORM cannot describe them; the entities declare them with synchronize: false),
 * the deferred trigger that keeps one default status per company, the foreign key of finance's
 * transactions.deal_id, the initial pipeline of every
 * company that already exists (new companies get theirs from the module's company-created hook)
 * and the dm permission codes.
 */
export class Deals1796000000000 implements MigrationInterface {
  name = 'Deals1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "deal_types" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "comment" text, CONSTRAINT "PK_ba73a4f5506559c53cada61f7ff" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "deal_types_company_name_idx" ON "deal_types" ("company_id", "name", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "deal_types_company_id_id_key" ON "deal_types" ("company_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "deal_statuses" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "comment" text, "sort_order" integer NOT NULL, "color" character varying(7), "is_default" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_344a82c724ea28c5c431f8a498c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "deal_statuses_company_sort_order_idx" ON "deal_statuses" ("company_id", "sort_order", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "deal_statuses_company_default_key" ON "deal_statuses" ("company_id") WHERE is_default`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "deal_statuses_company_id_id_key" ON "deal_statuses" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "deals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "comment" text, "type_id" uuid, "status_id" uuid NOT NULL, "client_id" uuid, "total_amount" numeric(32,2) NOT NULL DEFAULT '0', "positions_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_8c66f03b250f613ff8615940b4b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "deals_company_client_created_at_idx" ON "deals" ("company_id", "client_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "deals_company_type_created_at_idx" ON "deals" ("company_id", "type_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "deals_company_status_created_at_idx" ON "deals" ("company_id", "status_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "deals_company_id_created_at_idx" ON "deals" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "deals_company_id_idx" ON "deals" ("company_id") `);
    await queryRunner.query(
      `CREATE TABLE "deal_invoice_counters" ("company_id" uuid NOT NULL, "year" integer NOT NULL, "last_number" integer NOT NULL, CONSTRAINT "PK_c5bc89eec5040688835ba3054c5" PRIMARY KEY ("company_id", "year"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "deal_invoices" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deal_id" uuid, "doc_id" uuid NOT NULL, "year" integer NOT NULL, "sequence" integer NOT NULL, "number" character varying(16) NOT NULL, CONSTRAINT "PK_d497b05870cc63c42ea7bfe9217" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "deal_invoices_deal_idx" ON "deal_invoices" ("deal_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "deal_invoices_company_number_key" ON "deal_invoices" ("company_id", "year", "sequence") `,
    );
    await queryRunner.query(
      `CREATE TABLE "deal_positions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deal_id" uuid NOT NULL, "name" character varying(300) NOT NULL, "comment" text, "price" numeric(17,2) NOT NULL, "quantity" numeric(18,3) NOT NULL, "unit" character varying(8) NOT NULL DEFAULT 'pcs', "unit_id" uuid, "position_id" uuid, CONSTRAINT "deal_positions_one_reference_check" CHECK (unit_id IS NULL OR position_id IS NULL), CONSTRAINT "PK_fdc8ae5a540b978cff9f79922fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "deal_positions_deal_created_at_idx" ON "deal_positions" ("deal_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "deal_positions_company_id_idx" ON "deal_positions" ("company_id") `);
    await queryRunner.query(
      `CREATE TABLE "deal_employees" ("deal_id" uuid NOT NULL, "employee_id" uuid NOT NULL, "company_id" uuid NOT NULL, CONSTRAINT "PK_456b98cee538c699c71987d6415" PRIMARY KEY ("deal_id", "employee_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "deal_employees_company_employee_idx" ON "deal_employees" ("company_id", "employee_id", "deal_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_types" ADD CONSTRAINT "FK_c603d9f6abd0adff2a10cf8377f" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_statuses" ADD CONSTRAINT "FK_034b39c8d117d30d28d77a3ba5a" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deals" ADD CONSTRAINT "FK_eb4869da6d8f7121b269140994d" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deals" ADD CONSTRAINT "FK_9f4940b272094c747c51af9243b" FOREIGN KEY ("company_id", "type_id") REFERENCES "deal_types"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deals" ADD CONSTRAINT "FK_d71dbeb8cad96add8094e8eef66" FOREIGN KEY ("company_id", "status_id") REFERENCES "deal_statuses"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deals" ADD CONSTRAINT "FK_7a1770366da1de36b1efc628073" FOREIGN KEY ("client_id") REFERENCES "crm_clients"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_invoice_counters" ADD CONSTRAINT "FK_d2ec5721cad75e5d44c483cdf86" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_invoices" ADD CONSTRAINT "FK_8439da56ca0e6f964eea9df49e4" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_invoices" ADD CONSTRAINT "FK_2fbd0df42537e086ee24054dccb" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_invoices" ADD CONSTRAINT "FK_41579dafad2e805f51fbf051863" FOREIGN KEY ("doc_id") REFERENCES "docs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_positions" ADD CONSTRAINT "FK_cd564a18244ae1016274a334cf3" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_positions" ADD CONSTRAINT "FK_daefa86cd99852128c44d755d7a" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_employees" ADD CONSTRAINT "FK_2827e8bb24176ce73f602e730b8" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_employees" ADD CONSTRAINT "FK_3ddb8a46aa56fb0d78756bb26fe" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "deal_employees" ADD CONSTRAINT "FK_c5f8c994aa620872b1d396aed94" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    // A finance transaction's deal (migration Finance left deal_id without a key): deleting a deal
    // keeps its transactions, unlinked. No deal existed before this migration, so any deal_id
    // already written points nowhere.
    await queryRunner.query(`UPDATE "transactions" SET "deal_id" = NULL WHERE "deal_id" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_f87801cc8dfed7930dcab529879" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );

    // `search` on the deal list: the comment and the positions' names, within one company
    // (btree_gin from migration Crm, pg_trgm from AuditSearchIndex). The expressions must stay
    // those of dealWhere in src/modules/companies/modules/dm/deals/deal-filters.ts.
    await queryRunner.query(
      `CREATE INDEX "deals_comment_trgm_idx" ON "deals" USING gin ("company_id", "comment" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "deal_positions_name_trgm_idx" ON "deal_positions" USING gin ("company_id", "name" gin_trgm_ops)`,
    );

    // At least one default status per company, checked at commit (the partial unique index
    // deal_statuses_company_default_key gives at most one), so moving the default is two
    // statements in one transaction. A company being deleted takes its statuses with it.
    await queryRunner.query(`CREATE FUNCTION deal_statuses_one_default() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        company uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
      BEGIN
        IF EXISTS (SELECT 1 FROM companies WHERE id = company)
           AND NOT EXISTS (SELECT 1 FROM deal_statuses WHERE company_id = company AND is_default) THEN
          RAISE EXCEPTION 'company % would have no default deal status', company
            USING ERRCODE = 'check_violation', CONSTRAINT = 'deal_statuses_one_default';
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE CONSTRAINT TRIGGER "deal_statuses_one_default"
      AFTER INSERT OR UPDATE OF is_default, company_id OR DELETE ON "deal_statuses"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION deal_statuses_one_default()`);

    // Every company starts with this pipeline (INITIAL_STATUSES in statuses.repository.ts).
    await queryRunner.query(`INSERT INTO "deal_statuses" ("company_id", "name", "sort_order", "is_default")
      SELECT c.id, s.name, s.ord * 10, s.ord = 1 FROM "companies" c,
        unnest(ARRAY['Ожидание', 'Согласование', 'В работе', 'Успешно завершены', 'Отклонены']) WITH ORDINALITY s(name, ord)`);

    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
    await queryRunner.query(`DROP TRIGGER "deal_statuses_one_default" ON "deal_statuses"`);
    await queryRunner.query(`DROP FUNCTION deal_statuses_one_default()`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_f87801cc8dfed7930dcab529879"`);
    await queryRunner.query(`DROP INDEX "public"."deal_positions_name_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deals_comment_trgm_idx"`);
    await queryRunner.query(`ALTER TABLE "deal_employees" DROP CONSTRAINT "FK_c5f8c994aa620872b1d396aed94"`);
    await queryRunner.query(`ALTER TABLE "deal_employees" DROP CONSTRAINT "FK_3ddb8a46aa56fb0d78756bb26fe"`);
    await queryRunner.query(`ALTER TABLE "deal_employees" DROP CONSTRAINT "FK_2827e8bb24176ce73f602e730b8"`);
    await queryRunner.query(`ALTER TABLE "deal_positions" DROP CONSTRAINT "FK_daefa86cd99852128c44d755d7a"`);
    await queryRunner.query(`ALTER TABLE "deal_positions" DROP CONSTRAINT "FK_cd564a18244ae1016274a334cf3"`);
    await queryRunner.query(`ALTER TABLE "deal_invoices" DROP CONSTRAINT "FK_41579dafad2e805f51fbf051863"`);
    await queryRunner.query(`ALTER TABLE "deal_invoices" DROP CONSTRAINT "FK_2fbd0df42537e086ee24054dccb"`);
    await queryRunner.query(`ALTER TABLE "deal_invoices" DROP CONSTRAINT "FK_8439da56ca0e6f964eea9df49e4"`);
    await queryRunner.query(`ALTER TABLE "deal_invoice_counters" DROP CONSTRAINT "FK_d2ec5721cad75e5d44c483cdf86"`);
    await queryRunner.query(`ALTER TABLE "deals" DROP CONSTRAINT "FK_7a1770366da1de36b1efc628073"`);
    await queryRunner.query(`ALTER TABLE "deals" DROP CONSTRAINT "FK_d71dbeb8cad96add8094e8eef66"`);
    await queryRunner.query(`ALTER TABLE "deals" DROP CONSTRAINT "FK_9f4940b272094c747c51af9243b"`);
    await queryRunner.query(`ALTER TABLE "deals" DROP CONSTRAINT "FK_eb4869da6d8f7121b269140994d"`);
    await queryRunner.query(`ALTER TABLE "deal_statuses" DROP CONSTRAINT "FK_034b39c8d117d30d28d77a3ba5a"`);
    await queryRunner.query(`ALTER TABLE "deal_types" DROP CONSTRAINT "FK_c603d9f6abd0adff2a10cf8377f"`);
    await queryRunner.query(`DROP INDEX "public"."deal_employees_company_employee_idx"`);
    await queryRunner.query(`DROP TABLE "deal_employees"`);
    await queryRunner.query(`DROP INDEX "public"."deal_positions_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deal_positions_deal_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "deal_positions"`);
    await queryRunner.query(`DROP INDEX "public"."deal_invoices_company_number_key"`);
    await queryRunner.query(`DROP INDEX "public"."deal_invoices_deal_idx"`);
    await queryRunner.query(`DROP TABLE "deal_invoices"`);
    await queryRunner.query(`DROP TABLE "deal_invoice_counters"`);
    await queryRunner.query(`DROP INDEX "public"."deals_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deals_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deals_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deals_company_type_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."deals_company_client_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "deals"`);
    await queryRunner.query(`DROP INDEX "public"."deal_statuses_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."deal_statuses_company_default_key"`);
    await queryRunner.query(`DROP INDEX "public"."deal_statuses_company_sort_order_idx"`);
    await queryRunner.query(`DROP TABLE "deal_statuses"`);
    await queryRunner.query(`DROP INDEX "public"."deal_types_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."deal_types_company_name_idx"`);
    await queryRunner.query(`DROP TABLE "deal_types"`);
  }
}
