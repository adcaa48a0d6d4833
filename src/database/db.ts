import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Sql } from './sql';

/** The connection of the transaction the caller is in, if any. */
export type CurrentTransaction = () => Promise<PoolClient | undefined>;

/**
 * How many statements `preparedByText` keeps prepared on one connection. A list's statement is
 * about 165 KB of server memory once prepared (its parse tree, query tree and generic plan), so
 * with the default pool of 20 connections this is at most about 26 MB on the server.
 */
export const PREPARED_BY_TEXT_PER_CONNECTION = 8;

/** Prefix of the names `preparedByText` gives: never one of the fixed names of the hot statements. */
const BY_TEXT_PREFIX = 'by-text-';

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
  /** The names `preparedByText` has prepared on each pooled connection (gone with the connection). */
  private readonly preparedOn = new WeakMap<PoolClient, Set<string>>();

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
    return arraysOf(await this.execute(statement, name, 'array'));
  }

  /**
   * `arrays` for a statement built from parts, whose text varies with the request but repeats
   * (a list's page and total: one text per resource and set of filters sent). Parsing and
   * analysing such a text costs PostgreSQL as much as planning it (a client list's: ~0.1 ms
   * each), so it is prepared under a name derived from its text on each connection, for the
   * first PREPARED_BY_TEXT_PER_CONNECTION texts that connection runs; any other text runs unnamed
   * there, so the server's memory stays bounded whatever the requests. PostgreSQL still plans
   * every execution for its values (a generic plan of a page would not know its LIMIT).
   */
  async preparedByText(statement: Sql): Promise<{ fields: string[]; rows: unknown[][] }> {
    const { text, values } = statement.render();
    const transaction = await this.currentTransaction();
    const client = transaction ?? (await this.pool.connect());
    let failure: Error | undefined;
    try {
      const result = await client.query({ text, values, rowMode: 'array', name: this.nameByText(client, text) });
      return arraysOf(result);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // As pool.query does: a connection whose statement failed is not reused.
      if (!transaction) client.release(failure);
    }
  }

  /** The name `text` is prepared under on `client`, when it is or may still be; undefined to run it unnamed. */
  private nameByText(client: PoolClient, text: string): string | undefined {
    if (!this.namedStatements) return undefined;
    const name = BY_TEXT_PREFIX + createHash('sha1').update(text).digest('base64url');
    let prepared = this.preparedOn.get(client);
    if (!prepared) this.preparedOn.set(client, (prepared = new Set()));
    if (prepared.has(name)) return name;
    if (prepared.size >= PREPARED_BY_TEXT_PER_CONNECTION) return undefined;
    prepared.add(name);
    return name;
  }

  /** The number of rows an INSERT, UPDATE or DELETE touched. */
  async affected(statement: Sql): Promise<number> {
    return (await this.execute(statement)).rowCount ?? 0;
  }

  private async execute(statement: Sql, name?: string, rowMode?: 'array') {
    const { text, values } = statement.render();
    const query: QueryConfig = {
      text,
      values,
      ...(name && this.namedStatements && { name }),
      ...(rowMode && { rowMode }),
    };
    const client = await this.currentTransaction();
    return client ? client.query(query) : this.pool.query(query);
  }
}

function arraysOf(result: QueryResult): { fields: string[]; rows: unknown[][] } {
  return { fields: result.fields.map((field) => field.name), rows: result.rows as unknown[][] };
}
