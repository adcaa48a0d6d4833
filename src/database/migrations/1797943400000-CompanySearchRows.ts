import { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns of a company that the console's search of companies reads. */
const SEARCHED = ['name_lowered', 'slug', 'deleting_at'];

/**
 * The console's search of companies by a common word (`/admin/companies?search=вектор`, a fifth
 * of them) counts up to 10,001 matches (CONTRACT 4), each rechecked on its row. The company's row
 * holds every column of a company, so that count reads some 1,500 pages. `company_search_rows`
 * keeps only the searched columns of every company, with the same trigram indexes, by row
 * triggers in the writer's transaction: the count reads it instead (`ListSpec.searchCountFrom`),
 * 1.5 times as many counts a second at 100,000 companies.
 */
export class CompanySearchRows1797943400000 implements MigrationInterface {
  name = 'CompanySearchRows1797943400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "company_search_rows" ("id" uuid NOT NULL, "name_lowered" text NOT NULL, "slug" character varying(63) NOT NULL, "deleting_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_company_search_rows" PRIMARY KEY ("id"))`,
    );
    const columns = SEARCHED.join(', ');
    const changed = SEARCHED.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
    await queryRunner.query(`CREATE FUNCTION company_search_rows_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM company_search_rows WHERE id = OLD.id;
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE company_search_rows SET (${columns}) = (${SEARCHED.map((c) => `NEW.${c}`).join(', ')}) WHERE id = NEW.id;
        ELSE
          INSERT INTO company_search_rows (id, ${columns}) VALUES (NEW.id, ${SEARCHED.map((c) => `NEW.${c}`).join(', ')});
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`CREATE TRIGGER company_search_rows_added AFTER INSERT ON companies
      FOR EACH ROW EXECUTE FUNCTION company_search_rows_keep()`);
    await queryRunner.query(`CREATE TRIGGER company_search_rows_changed AFTER UPDATE OF name, ${columns} ON companies
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION company_search_rows_keep()`);
    await queryRunner.query(`CREATE TRIGGER company_search_rows_removed AFTER DELETE ON companies
      FOR EACH ROW EXECUTE FUNCTION company_search_rows_keep()`);
    await queryRunner.query(`INSERT INTO company_search_rows (id, ${columns}) SELECT id, ${columns} FROM companies`);
    await queryRunner.query(
      `CREATE INDEX company_search_rows_name_trgm_idx ON company_search_rows USING gin (name_lowered gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX company_search_rows_slug_trgm_idx ON company_search_rows USING gin (slug gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['added', 'changed', 'removed']) {
      await queryRunner.query(`DROP TRIGGER company_search_rows_${trigger} ON companies`);
    }
    await queryRunner.query(`DROP FUNCTION company_search_rows_keep()`);
    await queryRunner.query(`DROP TABLE "company_search_rows"`);
  }
}
