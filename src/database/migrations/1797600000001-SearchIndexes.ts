import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trigram index for every `search` that had none (docs/api.md, "Search"): each starts with
 * company_id (btree_gin) and indexes the exact expression its repository matches with ILIKE, so
 * a term of three characters or more is an index lookup in one company, at any size.
 * TypeORM cannot describe expression indexes (as for the earlier trigram ones).
 */
const INDEXES: Array<[string, string, string]> = [
  ['catalog_units_search_trgm_idx', 'catalog_units', `(name || ' ' || coalesce(comment, ''))`],
  ['catalog_categories_search_trgm_idx', 'catalog_categories', `(name || ' ' || coalesce(comment, ''))`],
  ['stock_batches_search_trgm_idx', 'stock_batches', `(coalesce(comment, ''))`],
  ['deal_types_search_trgm_idx', 'deal_types', `(name || ' ' || coalesce(comment, ''))`],
  ['deal_statuses_search_trgm_idx', 'deal_statuses', `(name || ' ' || coalesce(comment, ''))`],
  ['transaction_categories_search_trgm_idx', 'transaction_categories', `(name || ' ' || coalesce(description, ''))`],
  // The transaction search's category and employee arms.
  ['transaction_categories_name_trgm_idx', 'transaction_categories', 'name'],
  ['employees_name_trgm_idx', 'employees', `(first_name || ' ' || coalesce(last_name, ''))`],
  // The credit search: its name, comment and counterparty's name.
  ['credits_name_trgm_idx', 'credits', 'name'],
  ['credits_comment_trgm_idx', 'credits', 'comment'],
  ['counterparties_name_trgm_idx', 'counterparties', 'name'],
  ['positions_name_trgm_idx', 'positions', 'name'],
  ['docs_search_trgm_idx', 'docs', `(coalesce(comment, '') || ' ' || object_path)`],
];

export class SearchIndexes1797600000001 implements MigrationInterface {
  name = 'SearchIndexes1797600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table, expression] of INDEXES) {
      await queryRunner.query(
        `CREATE INDEX "${name}" ON "${table}" USING gin ("company_id", ${expression} gin_trgm_ops)`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}
