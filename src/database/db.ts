import { types, type CustomTypesConfig, type Pool, type PoolClient, type QueryConfig } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Sql } from './sql';

/** The connection of the transaction the caller is in, if any. */
export type CurrentTransaction = () => Promise<PoolClient | undefined>;

/**
 * The one way to the database. Every statement goes to node-postgres directly: on the current
 * transaction's connection when the caller opened one (so an audit record commits or rolls back
 * with the change), otherwise on the pool, without a TypeORM query runner per call. TypeORM keeps
 * what it is good at here: entities as the schema's source, migrations, transactions.
 *
 * A statement given a `name` is prepared once per connection and planned from then on without
 * re-parsing: for the statements every request runs (credentials, the company guard). With
 * `namedStatements` off (a transaction-pooling PgBouncer that cannot keep them), the same SQL
 * runs unnamed.
 */
export class Db {
  constructor(
    private readonly pool: Pool,
    private readonly currentTransaction: CurrentTransaction = async () => undefined,
    private readonly namedStatements = true,
  ) {}

  /** For code outside Nest's container (the CLI): the pool of an initialised DataSource. */
  static of(dataSource: DataSource): Db {
    return new Db((dataSource.driver as PostgresDriver).master as Pool);
  }

  async rows<T>(statement: Sql, name?: string): Promise<T[]> {
    return (await this.execute(statement, name)).rows as T[];
  }

  /** The first row, or null when there is none. */
  async one<T>(statement: Sql, name?: string): Promise<T | null> {
    return ((await this.execute(statement, name)).rows[0] as T | undefined) ?? null;
  }

  /**
   * Rows as arrays, with the column names apart: for a statement whose rows are not all of one
   * shape (the list statement: a total and a flag before each row's own columns).
   */
  async arrays(statement: Sql, name?: string): Promise<{ fields: string[]; rows: unknown[][] }> {
    const result = await this.execute(statement, name, 'array');
    return { fields: result.fields.map((field) => field.name), rows: result.rows as unknown[][] };
  }

  /**
   * The first row, its `json` columns as the text PostgreSQL wrote (a per-statement type parser,
   * the pool's own parsers untouched): JSON that goes into an answer as it is (listPage).
   */
  async oneWithJsonText<T>(statement: Sql): Promise<T | null> {
    return ((await this.execute(statement, undefined, undefined, JSON_AS_TEXT)).rows[0] as T | undefined) ?? null;
  }

  /** The number of rows an INSERT, UPDATE or DELETE touched. */
  async affected(statement: Sql): Promise<number> {
    return (await this.execute(statement)).rowCount ?? 0;
  }

  private async execute(statement: Sql, name?: string, rowMode?: 'array', parsers?: CustomTypesConfig) {
    const { text, values } = statement.render();
    const query: QueryConfig = {
      text,
      values,
      ...(name && this.namedStatements && { name }),
      ...(rowMode && { rowMode }),
      ...(parsers && { types: parsers }),
    };
    const client = await this.currentTransaction();
    return client ? client.query(query) : this.pool.query(query);
  }
}

const parserOf = types.getTypeParser as (oid: number, format?: 'text' | 'binary') => unknown;
const JSON_AS_TEXT = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.JSON && format !== 'binary' ? (text: string) => text : parserOf(oid, format),
} as CustomTypesConfig;
