import { MigrationInterface, QueryRunner } from 'typeorm';
import { type PermissionSeed, seedPermissions, unseedPermissions } from '../permission-seeds';

/** The warehouse permission codes of CONTRACT 15: code, criticality, lvl, allow_expired, description. */
const PERMISSIONS: PermissionSeed[] = [
  ['wm', 2, 2, true, 'the warehouse module (no operation requires it on its own)'],
  ['wm.report', 7, 2, false, 'generate the warehouse report'],
  ['wm.catalog', 2, 2, true, 'the warehouse catalog (no operation requires it on its own)'],
  ['wm.catalog.categories', 2, 2, true, 'read catalog categories'],
  ['wm.catalog.categories.create', 8, 2, false, 'create catalog categories'],
  ['wm.catalog.categories.update', 7, 2, false, 'update, (de)activate catalog categories'],
  ['wm.catalog.units', 2, 2, true, 'read catalog units'],
  ['wm.catalog.units.create', 8, 2, false, 'create catalog units'],
  ['wm.catalog.units.update', 7, 2, false, 'update, (de)activate catalog units'],
  ['wm.stocks', 2, 2, true, 'the warehouse stock (no operation requires it on its own)'],
  ['wm.stocks.balance', 5, 2, false, 'read the stock balance'],
  ['wm.stocks.batches', 2, 2, false, 'read stock batches'],
  ['wm.stocks.batches.create', 9, 2, false, 'create income and outcome batches'],
  ['wm.stocks.positions', 2, 2, false, 'read stock positions'],
];

/**
 * The warehouse module (CONTRACT 15): catalog categories and units, stock batches, the positions
 * incomes bring in and the consumptions outcomes take from them. Generated from the entities,
 * then the permission codes added by hand.
 */
export class Warehouse1795900000000 implements MigrationInterface {
  name = 'Warehouse1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalog_categories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "comment" text, "status" character varying(16) NOT NULL DEFAULT 'active', "parent_id" uuid, "metadata" jsonb, CONSTRAINT "PK_e22b0520ebd3477c52ff4307dc2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "catalog_categories_company_parent_name_idx" ON "catalog_categories" ("company_id", "parent_id", "name") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "catalog_categories_company_id_id_key" ON "catalog_categories" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "catalog_categories_company_id_name_key" ON "catalog_categories" ("company_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "catalog_units" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "comment" text, "type" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "inventory_type" character varying(16) NOT NULL, "tracking_detail" character varying(16), "tracked_type" character varying(16), "unit" character varying(8) NOT NULL, "sale_price" numeric(23,8) NOT NULL, "purchase_price" numeric(23,8), "currency" character varying(8) NOT NULL, "category_id" uuid NOT NULL, "metadata" jsonb, CONSTRAINT "catalog_units_tracking_check" CHECK ((inventory_type = 'tracked' AND type = 'product' AND tracking_detail IS NOT NULL AND purchase_price IS NOT NULL AND (tracking_detail = 'batch') = (tracked_type IS NOT NULL)) OR (inventory_type = 'untracked' AND tracking_detail IS NULL AND tracked_type IS NULL AND purchase_price IS NULL)), CONSTRAINT "PK_2f7d2a471a4b16426441d1d3c57" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "catalog_units_company_category_name_idx" ON "catalog_units" ("company_id", "category_id", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "catalog_units_company_name_idx" ON "catalog_units" ("company_id", "name", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "catalog_units_company_id_id_key" ON "catalog_units" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_batches" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "direction" character varying(16) NOT NULL, "comment" text, "metadata" jsonb, CONSTRAINT "PK_85b4f081f5a5c69009675db8b1f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_batches_company_direction_created_at_idx" ON "stock_batches" ("company_id", "direction", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_batches_company_created_at_idx" ON "stock_batches" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "stock_batches_company_id_id_key" ON "stock_batches" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_positions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "type" character varying(16) NOT NULL, "unit_id" uuid NOT NULL, "batch_id" uuid NOT NULL, "quantity" numeric(18,3) NOT NULL, "remaining" numeric(18,3) NOT NULL, "unit_price" numeric(23,8) NOT NULL, CONSTRAINT "stock_positions_remaining_check" CHECK (remaining >= 0 AND remaining <= quantity AND quantity > 0), CONSTRAINT "PK_eb1fbcc5ef71accd5125ff04fa7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_positions_in_stock_unit_created_at_idx" ON "stock_positions" ("company_id", "unit_id", "created_at", "id") WHERE remaining > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_positions_in_stock_created_at_idx" ON "stock_positions" ("company_id", "created_at", "id") WHERE remaining > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_positions_company_batch_idx" ON "stock_positions" ("company_id", "batch_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_positions_company_unit_created_at_idx" ON "stock_positions" ("company_id", "unit_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_positions_company_created_at_idx" ON "stock_positions" ("company_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "stock_positions_company_id_id_key" ON "stock_positions" ("company_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_consumptions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "batch_id" uuid NOT NULL, "position_id" uuid NOT NULL, "unit_id" uuid NOT NULL, "quantity" numeric(18,3) NOT NULL, "unit_price" numeric(23,8) NOT NULL, CONSTRAINT "stock_consumptions_quantity_check" CHECK (quantity > 0), CONSTRAINT "PK_362b2422d024af52f8636aa2d64" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_consumptions_company_unit_batch_idx" ON "stock_consumptions" ("company_id", "unit_id", "batch_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_consumptions_company_position_idx" ON "stock_consumptions" ("company_id", "position_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_consumptions_company_batch_idx" ON "stock_consumptions" ("company_id", "batch_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "catalog_categories" ADD CONSTRAINT "FK_4bcd3154dcb58724ef5090978eb" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalog_categories" ADD CONSTRAINT "FK_15a51298586dc28d80908e5f67d" FOREIGN KEY ("company_id", "parent_id") REFERENCES "catalog_categories"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalog_units" ADD CONSTRAINT "FK_276ac658b92cbc80dc4b1c820bb" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalog_units" ADD CONSTRAINT "FK_206c5b7bba48355627f5da44e32" FOREIGN KEY ("company_id", "category_id") REFERENCES "catalog_categories"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_batches" ADD CONSTRAINT "FK_f39c7f9111178beb107ed5184de" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_positions" ADD CONSTRAINT "FK_f6a3d495cbd1a12f4c977f7d157" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_positions" ADD CONSTRAINT "FK_317f497323c01918abf64b2a5ee" FOREIGN KEY ("company_id", "unit_id") REFERENCES "catalog_units"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_positions" ADD CONSTRAINT "FK_717c903d3ee90ed9447af30b40d" FOREIGN KEY ("company_id", "batch_id") REFERENCES "stock_batches"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_consumptions" ADD CONSTRAINT "FK_dc7e142e27b3f14876c2cbaa062" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_consumptions" ADD CONSTRAINT "FK_6b4feff216fd52a790d5bd44c92" FOREIGN KEY ("company_id", "batch_id") REFERENCES "stock_batches"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_consumptions" ADD CONSTRAINT "FK_72648549d547250977c42ef7293" FOREIGN KEY ("company_id", "position_id") REFERENCES "stock_positions"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_consumptions" ADD CONSTRAINT "FK_eb744642fae94eb827c3abce6a3" FOREIGN KEY ("company_id", "unit_id") REFERENCES "catalog_units"("company_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await seedPermissions(queryRunner, PERMISSIONS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await unseedPermissions(queryRunner, PERMISSIONS);
    await queryRunner.query(`ALTER TABLE "stock_consumptions" DROP CONSTRAINT "FK_eb744642fae94eb827c3abce6a3"`);
    await queryRunner.query(`ALTER TABLE "stock_consumptions" DROP CONSTRAINT "FK_72648549d547250977c42ef7293"`);
    await queryRunner.query(`ALTER TABLE "stock_consumptions" DROP CONSTRAINT "FK_6b4feff216fd52a790d5bd44c92"`);
    await queryRunner.query(`ALTER TABLE "stock_consumptions" DROP CONSTRAINT "FK_dc7e142e27b3f14876c2cbaa062"`);
    await queryRunner.query(`ALTER TABLE "stock_positions" DROP CONSTRAINT "FK_717c903d3ee90ed9447af30b40d"`);
    await queryRunner.query(`ALTER TABLE "stock_positions" DROP CONSTRAINT "FK_317f497323c01918abf64b2a5ee"`);
    await queryRunner.query(`ALTER TABLE "stock_positions" DROP CONSTRAINT "FK_f6a3d495cbd1a12f4c977f7d157"`);
    await queryRunner.query(`ALTER TABLE "stock_batches" DROP CONSTRAINT "FK_f39c7f9111178beb107ed5184de"`);
    await queryRunner.query(`ALTER TABLE "catalog_units" DROP CONSTRAINT "FK_206c5b7bba48355627f5da44e32"`);
    await queryRunner.query(`ALTER TABLE "catalog_units" DROP CONSTRAINT "FK_276ac658b92cbc80dc4b1c820bb"`);
    await queryRunner.query(`ALTER TABLE "catalog_categories" DROP CONSTRAINT "FK_15a51298586dc28d80908e5f67d"`);
    await queryRunner.query(`ALTER TABLE "catalog_categories" DROP CONSTRAINT "FK_4bcd3154dcb58724ef5090978eb"`);
    await queryRunner.query(`DROP INDEX "public"."stock_consumptions_company_batch_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_consumptions_company_position_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_consumptions_company_unit_batch_idx"`);
    await queryRunner.query(`DROP TABLE "stock_consumptions"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_company_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_company_unit_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_company_batch_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_in_stock_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_positions_in_stock_unit_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "stock_positions"`);
    await queryRunner.query(`DROP INDEX "public"."stock_batches_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."stock_batches_company_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stock_batches_company_direction_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "stock_batches"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_units_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_units_company_name_idx"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_units_company_category_name_idx"`);
    await queryRunner.query(`DROP TABLE "catalog_units"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_categories_company_id_name_key"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_categories_company_id_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."catalog_categories_company_parent_name_idx"`);
    await queryRunner.query(`DROP TABLE "catalog_categories"`);
  }
}
