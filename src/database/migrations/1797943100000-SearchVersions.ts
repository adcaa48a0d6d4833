import { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS } from '../company-store-totals';

/** The searched lists' tables, and the columns their searches and filters read. */
const SEARCHED = [
  { table: 'accounts', columns: 'email, name, name_lowered' },
  { table: 'companies', columns: 'name, name_lowered, slug, deleting_at' },
];

/**
 * The console's searches of a common term at scale (`/admin/companies?search=вектор`): their
 * count reads up to 10,001 matches (CONTRACT 4), 6 to 20 ms of a database core, for every
 * page of the same search. A statement-level trigger on each searched table stamps every write
 * that can change what a search matches (a row added or removed, a searched column set) with a
 * number of `search_version_numbers`, in the writer's slot of `search_versions`. A number is never
 * given twice, so the numbers a snapshot sees name the writes it sees: a search counted under the
 * same numbers counts the same (src/core/pagination/search-counts.ts).
 */
export class SearchVersions1797943100000 implements MigrationInterface {
  name = 'SearchVersions1797943100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_versions" ("name" character varying(64) NOT NULL, "slot" smallint NOT NULL, "version" bigint NOT NULL, CONSTRAINT "PK_search_versions" PRIMARY KEY ("name", "slot"))`,
    );
    await queryRunner.query(`CREATE SEQUENCE search_version_numbers`);
    await queryRunner.query(`CREATE FUNCTION search_versions_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_versions (name, slot, version)
          VALUES (TG_TABLE_NAME, pg_backend_pid() % ${SLOTS}, nextval('search_version_numbers'))
          ON CONFLICT (name, slot) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END $$`);
    for (const { table, columns } of SEARCHED) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_search_version
           AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${columns} ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION search_versions_stamp()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table } of SEARCHED) await queryRunner.query(`DROP TRIGGER ${table}_search_version ON ${table}`);
    await queryRunner.query(`DROP FUNCTION search_versions_stamp()`);
    await queryRunner.query(`DROP SEQUENCE search_version_numbers`);
    await queryRunner.query(`DROP TABLE "search_versions"`);
  }
}
