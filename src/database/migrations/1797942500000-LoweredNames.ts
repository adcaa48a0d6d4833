import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose names the console searches, and the trigram index each search reads. */
const TABLES = [
  { table: 'accounts', index: 'accounts_name_trgm_idx' },
  { table: 'companies', index: 'companies_name_trgm_idx' },
];

/**
 * The console's searches match names case-insensitively. ILIKE lower-cases every row's name as
 * it reads it, which in UTF-8 costs more than the rest of the scan: a search for a common term
 * counts up to 10,001 matches (CONTRACT 4) and reads some 40,000 of a million accounts to find
 * them. So each name is kept lower-cased beside it (`name_lowered`, set by a trigger on every
 * write of the name) and matched with LIKE against the lower-cased term; its trigram index
 * replaces the name's. E-mails and slugs are stored lower-cased already.
 */
export class LoweredNames1797942500000 implements MigrationInterface {
  name = 'LoweredNames1797942500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION name_lowered_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.name_lowered := lower(NEW.name);
        RETURN NEW;
      END $$`);
    for (const { table, index } of TABLES) {
      // Filled by rewriting the table, not by an UPDATE: no row's triggers run, and every index is
      // built afresh (an UPDATE of each row leaves the trigram indexes twice their size and a search
      // of them ten times slower until they are rebuilt).
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN name_lowered text`);
      await queryRunner.query(
        `ALTER TABLE ${table} ALTER COLUMN name_lowered TYPE text USING lower(name), ALTER COLUMN name_lowered SET NOT NULL`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_name_lowered BEFORE INSERT OR UPDATE OF name ON ${table}
         FOR EACH ROW EXECUTE FUNCTION name_lowered_keep()`,
      );
      await queryRunner.query(`DROP INDEX ${index}`);
      await queryRunner.query(`CREATE INDEX ${index} ON ${table} USING gin (name_lowered gin_trgm_ops)`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index } of TABLES) {
      await queryRunner.query(`DROP INDEX ${index}`);
      await queryRunner.query(`CREATE INDEX ${index} ON ${table} USING gin (name gin_trgm_ops)`);
      await queryRunner.query(`DROP TRIGGER ${table}_name_lowered ON ${table}`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN name_lowered`);
    }
    await queryRunner.query(`DROP FUNCTION name_lowered_keep()`);
  }
}
