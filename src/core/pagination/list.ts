import type { Db } from '../../database/db';
import { join, raw, Sql, sql } from '../../database/sql';
import { Page } from './page';
import { pageOffset, PageQueryDto } from './page-query.dto';

/** `%term%` for ILIKE, with the term's own wildcards (`%`, `_`, `\`) taken literally. */
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The WHERE of a list, one condition at a time; a filter whose value was not sent (undefined)
 * adds nothing. Column expressions are code (`'c.status'`); values are always parameters.
 */
export class Where {
  private readonly conditions: Sql[];

  constructor(...always: Sql[]) {
    this.conditions = always;
  }

  equals(column: string, value: unknown): this {
    return value === undefined ? this : this.and(sql`${raw(column)} = ${value}`);
  }

  /** `from <= column <= to`, each bound only when given. */
  between(column: string, from: unknown, to: unknown): this {
    if (from !== undefined) this.and(sql`${raw(column)} >= ${from}`);
    return to === undefined ? this : this.and(sql`${raw(column)} <= ${to}`);
  }

  /** Case-insensitive substring match of `expression` (an ILIKE an index can serve). */
  contains(expression: string, term: string | undefined): this {
    return term === undefined ? this : this.and(sql`${raw(expression)} ILIKE ${containing(term)}`);
  }

  and(condition: Sql): this {
    this.conditions.push(condition);
    return this;
  }

  toSql(): Sql {
    return this.conditions.length > 0 ? join(this.conditions, ' AND ') : raw('TRUE');
  }
}

export interface ListSpec {
  /** FROM of the listed rows, with the aliases `where`, `orderBy` and `key` use. */
  from: string;
  where: Where;
  /** The list's order; it ends with a unique column, so pages never overlap. */
  orderBy: string;
  /** Columns that identify one row of `from`, e.g. `['c.id']`. */
  key: string[];
  /** The columns of each listed row. */
  select: string;
  /** Joins that only the page's rows need (e.g. their source); the filter and the count never pay for them. */
  join?: string;
  /** A statement answering `{total}` without counting (a total the database keeps); else the rows are counted. */
  total?: Sql;
}

/** The statements of one page of a list and of its exact total (exported for the benchmarks' EXPLAIN). */
export function listStatements(spec: ListSpec, query: PageQueryDto): { page: Sql; count: Sql } {
  const filter = spec.where.toSql();
  return {
    page: sql`SELECT ${raw(spec.select)} FROM ${pageRows(spec, filter, query)} ORDER BY ${raw(spec.orderBy)}`,
    count: spec.total ?? sql`SELECT count(*)::int AS total FROM ${raw(spec.from)} WHERE ${filter}`,
  };
}

/**
 * The page's rows: the keys found first (an index walk in the list's order, however deep the
 * offset), and only those rows then read and joined.
 */
function pageRows(spec: ListSpec, filter: Sql, query: PageQueryDto): Sql {
  const keys = raw(spec.key.map((column, i) => `${column} AS k${i}`).join(', '));
  const matches = raw(spec.key.map((column, i) => `${column} = page.k${i}`).join(' AND '));
  return sql`${raw(spec.from)}
      JOIN (SELECT ${keys} FROM ${raw(spec.from)} WHERE ${filter}
            ORDER BY ${raw(spec.orderBy)} LIMIT ${query.limit} OFFSET ${pageOffset(query)}) page ON ${matches}
      ${raw(spec.join ?? '')}`;
}

/**
 * The page and the total as one statement, the statement the service runs: one round trip and
 * one connection per list. The total is a one-row relation the page's rows are joined to, so
 * an empty page is one row without a page key. Its first two columns are the total and whether
 * the row is listed; the list's own columns follow.
 */
export function listStatement(spec: ListSpec, query: PageQueryDto): Sql {
  const filter = spec.where.toSql();
  const count = spec.total ?? sql`SELECT count(*)::int AS total FROM ${raw(spec.from)} WHERE ${filter}`;
  return sql`SELECT counted.total, page.k0 IS NOT NULL AS listed, ${raw(spec.select)}
    FROM (${count}) counted
    LEFT JOIN (${pageRows(spec, filter, query)}) ON TRUE
    ORDER BY ${raw(spec.orderBy)}`;
}

/** Every list's page and exact total, in one statement (listStatement). */
export async function listPage<T>(db: Db, spec: ListSpec, query: PageQueryDto): Promise<Page<T>> {
  const { fields, rows } = await db.arrays(listStatement(spec, query));
  const total = rows.length > 0 ? (rows[0][0] as number) : 0;
  const items: T[] = [];
  for (const row of rows) {
    if (!row[1]) continue;
    const item: Record<string, unknown> = {};
    for (let i = 2; i < fields.length; i++) item[fields[i]] = row[i];
    items.push(item as T);
  }
  return new Page(items, total, query);
}
