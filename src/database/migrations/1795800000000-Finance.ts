import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/** The permission codes of CONTRACT 13 and 14: code, criticality, lvl, allow_expired, description. */
const PERMISSIONS: PermissionSeed[] = [
  ['cpm', 2, 1, true, 'counterparties module (no operation requires it alone)'],
  ['cpm.counterparties', 2, 1, true, 'read counterparties'],
  ['cpm.counterparties.create', 6, 1, false, 'create counterparties'],
  ['cpm.counterparties.update', 5, 1, false, 'update, (de)activate counterparties'],
  ['fm', 2, 1, true, 'finance module (no operation requires it alone)'],
  ['fm.report', 7, 1, true, 'generate the finance report'],
  ['fm.transactions', 3, 1, true, 'read transactions'],
  ['fm.transactions.create', 7, 1, false, 'create transactions'],
  ['fm.transactions.reverse', 9, 1, false, 'reverse transactions'],
  ['fm.transactions.categories', 2, 1, true, 'read transaction categories'],
  ['fm.transactions.categories.create', 5, 1, false, 'create transaction categories'],
  ['fm.transactions.categories.update', 4, 1, false, 'update transaction categories'],
  ['fm.transactions.categories.delete', 5, 1, false, 'delete transaction categories'],
  ['fm.analysis', 1, 1, false, 'finance analytics'],
  ['fm.credits', 3, 1, true, 'read credits'],
  ['fm.credits.create', 8, 1, false, 'create credits'],
  ['fm.credits.update', 7, 1, false, 'update, (de)activate credits'],
  ['fm.credits.transactions', 4, 1, false, "read a credit's transactions"],
  ['fm.credits.pay', 8, 1, false, 'pay credits'],
  ['fm.forecast', 5, 3, false, 'finance forecast (no operation requires it alone)'],
  ['fm.forecast.timeline', 8, 3, false, 'forecast timeline'],
  ['fm.forecast.summary', 5, 3, false, 'forecast summary'],
];

/**
 * Counterparties (CONTRACT 13) and finance (CONTRACT 14): categories, credits, transactions.
 * Generated from the entities, then by hand: the indexes TypeORM cannot describe (the entities
 * declare them with synchronize: false), the four system categories of every company that
 * already exists (new companies get theirs from the finance module's company-created hook), and
 * the permission codes. transactions.deal_id has no foreign key yet: the deals migration adds it.
 */
export class Finance1795800000000 implements MigrationInterface {
  name = 'Finance1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transaction_categories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "description" text, "direction" character varying(16) NOT NULL, "system" boolean NOT NULL DEFAULT false, "slug" character varying(64) NOT NULL, CONSTRAINT "PK_bbd38b9174546b0ed4fe04689c7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "transaction_categories_company_order_idx" ON "transaction_categories" ("company_id", "system", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "transaction_categories_company_slug_key" ON "transaction_categories" ("company_id", "slug") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "transaction_categories_company_id_id_key" ON "transaction_categories" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "counterparties" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "comment" text, "type" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "metadata" jsonb, CONSTRAINT "PK_9f045dc184ca2426af5e9dfb13b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "counterparties_company_status_name_idx" ON "counterparties" ("company_id", "status", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "counterparties_company_type_name_idx" ON "counterparties" ("company_id", "type", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "counterparties_company_name_idx" ON "counterparties" ("company_id", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "counterparties_company_id_id_key" ON "counterparties" ("company_id", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "counterparties_company_id_idx" ON "counterparties" ("company_id") `);
    await queryRunner.query(
      `CREATE TABLE "credits" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "comment" text, "type" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "total_amount" numeric(23,8) NOT NULL, "currency" character varying(8) NOT NULL, "interest_rate" numeric(5,2), "start_date" date NOT NULL, "end_date" date NOT NULL, "metadata" jsonb, "counterparty_id" uuid NOT NULL, CONSTRAINT "PK_45cea097fd0ee625d2e840ed99c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "credits_company_counterparty_idx" ON "credits" ("company_id", "counterparty_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "credits_company_status_created_at_idx" ON "credits" ("company_id", "status", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "credits_company_type_created_at_idx" ON "credits" ("company_id", "type", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "credits_company_id_created_at_idx" ON "credits" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "credits_company_id_idx" ON "credits" ("company_id") `);
    await queryRunner.query(
      `CREATE TABLE "transactions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "base_amount" numeric(23,8) NOT NULL, "currency" character varying(8) NOT NULL, "direction" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'completed', "comment" text, "reverse_to" uuid, "metadata" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "employee_id" uuid, "category_id" uuid, "credit_id" uuid, "deal_id" uuid, CONSTRAINT "PK_a219afd8dd77ed80f5a862f1db9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "transactions_company_reverse_to_key" ON "transactions" ("company_id", "reverse_to") WHERE reverse_to IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_deal_created_at_idx" ON "transactions" ("company_id", "deal_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_credit_created_at_idx" ON "transactions" ("company_id", "credit_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_employee_created_at_idx" ON "transactions" ("company_id", "employee_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_category_created_at_idx" ON "transactions" ("company_id", "category_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_status_created_at_idx" ON "transactions" ("company_id", "status", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_direction_created_at_idx" ON "transactions" ("company_id", "direction", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_company_id_created_at_idx" ON "transactions" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "transactions_company_id_idx" ON "transactions" ("company_id") `);
    await queryRunner.query(
      `ALTER TABLE "transaction_categories" ADD CONSTRAINT "FK_8ab5c583d1b359729800a8eb320" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "counterparties" ADD CONSTRAINT "FK_82a88acf8213f01c126e02299eb" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "credits" ADD CONSTRAINT "FK_f18a37d58eb0d5b6fb4e72c8e08" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "credits" ADD CONSTRAINT "FK_f45a668e7bc6c9984f532af879e" FOREIGN KEY ("company_id", "counterparty_id") REFERENCES "counterparties"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_8733562c5e54c31dd1ba8f49915" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_b2da07adac7ec50c1b62e2fc08c" FOREIGN KEY ("reverse_to") REFERENCES "transactions"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_eeaf48e230619e81e05a327b5dc" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_673ac6c76721cb67862cf7ba7a3" FOREIGN KEY ("company_id", "category_id") REFERENCES "transaction_categories"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_3238f72bea92a3b213eafb29895" FOREIGN KEY ("credit_id") REFERENCES "credits"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );

    // The currency filter of the list, and everything the analyses, the forecast and the
    // deal summaries read, in one index range per company and currency: the INCLUDE columns
    // let them count and sum without visiting the table (index-only scans).
    await queryRunner.query(
      `CREATE INDEX "transactions_company_currency_created_at_idx" ON "transactions" ("company_id", "currency", "created_at", "id") INCLUDE ("status", "direction", "base_amount", "category_id", "employee_id")`,
    );
    // `search`: like crm_clients_search_trgm_idx (btree_gin from the migration Crm, pg_trgm
    // from AuditSearchIndex). The expressions must stay identical to the search conditions of
    // transactions.repository.ts and counterparties.repository.ts.
    await queryRunner.query(
      `CREATE INDEX "transactions_search_trgm_idx" ON "transactions" USING gin ("company_id", "comment" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "counterparties_search_trgm_idx" ON "counterparties" USING gin ("company_id", (name || ' ' || coalesce(comment, '')) gin_trgm_ops)`,
    );

    // Every company starts with four system categories (SYSTEM_CATEGORIES in categories.repository.ts).
    await queryRunner.query(`INSERT INTO "transaction_categories" ("company_id", "name", "direction", "system", "slug")
          SELECT c."id", s.name, s.direction, true, s.slug FROM "companies" c,
          (VALUES ('credit', 'income', 'Доход по кредитам'), ('dept', 'expense', 'Расход по займам'),
            ('deal-income', 'income', 'Доход по сделкам'), ('deal-expense', 'expense', 'Расход по сделкам')) s(slug, direction, name)`);

    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
    await queryRunner.query(`DROP INDEX "public"."counterparties_search_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_search_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_currency_created_at_idx"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_3238f72bea92a3b213eafb29895"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_673ac6c76721cb67862cf7ba7a3"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_eeaf48e230619e81e05a327b5dc"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_b2da07adac7ec50c1b62e2fc08c"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_8733562c5e54c31dd1ba8f49915"`);
    await queryRunner.query(`ALTER TABLE "credits" DROP CONSTRAINT "FK_f45a668e7bc6c9984f532af879e"`);
    await queryRunner.query(`ALTER TABLE "credits" DROP CONSTRAINT "FK_f18a37d58eb0d5b6fb4e72c8e08"`);
    await queryRunner.query(`ALTER TABLE "counterparties" DROP CONSTRAINT "FK_82a88acf8213f01c126e02299eb"`);
    await queryRunner.query(`ALTER TABLE "transaction_categories" DROP CONSTRAINT "FK_8ab5c583d1b359729800a8eb320"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_direction_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_category_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_employee_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_credit_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_deal_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_company_reverse_to_key"`);
    await queryRunner.query(`DROP TABLE "transactions"`);
    await queryRunner.query(`DROP INDEX "public"."credits_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credits_company_id_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credits_company_type_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credits_company_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credits_company_counterparty_idx"`);
    await queryRunner.query(`DROP TABLE "credits"`);
    await queryRunner.query(`DROP INDEX "public"."counterparties_company_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."counterparties_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."counterparties_company_name_idx"`);
    await queryRunner.query(`DROP INDEX "public"."counterparties_company_type_name_idx"`);
    await queryRunner.query(`DROP INDEX "public"."counterparties_company_status_name_idx"`);
    await queryRunner.query(`DROP TABLE "counterparties"`);
    await queryRunner.query(`DROP INDEX "public"."transaction_categories_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."transaction_categories_company_slug_key"`);
    await queryRunner.query(`DROP INDEX "public"."transaction_categories_company_order_idx"`);
    await queryRunner.query(`DROP TABLE "transaction_categories"`);
  }
}
