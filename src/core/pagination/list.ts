import type { Db } from '../../database/db';
import { join, raw, Sql, sql } from '../../database/sql';
import { countFilter, keptCountsOf } from './kept-counts';
import { JsonText, Page } from './page';
import { pageOffset, PageQueryDto } from './page-query.dto';
import { KnownCount, SearchCounts, versionedTotal } from './search-counts';

/** The term with its own wildcards (`%`, `_`, `\`) taken literally in a LIKE pattern. */
const literally = (term: string): string => term.replace(/[\\%_]/g, '\\$&');

/** `%term%` for ILIKE, with the term's own wildcards (`%`, `_`, `\`) taken literally. */
export const containing = (term: string): string => `%${literally(term)}%`;

/** `term%` for ILIKE, with the term's own wildcards taken literally. */
export const startingWith = (term: string): string => `${literally(term)}%`;

/**
 * The WHERE of a list, one condition at a time; a filter whose value was not sent (undefined)
 * adds nothing. Column expressions are code (`'c.status'`); values are always parameters.
 */
export class Where {
  private readonly conditions: Sql[];
  /** The filters sent that a kept count may answer: `column` (as written) and value. */
  private readonly equalities: Array<{ column: string; value: unknown }> = [];
  /** Conditions other than the constructor's and the equalities (ranges, searches, anything else). */
  private others = 0;
  /** Whether a `search` narrows the list (its total is then bounded, CONTRACT 4). */
  searched = false;

  constructor(
    private readonly always: Sql,
    ...more: Sql[]
  ) {
    this.conditions = [always, ...more];
    this.others = more.length;
  }

  equals(column: string, value: unknown): this {
    if (value === undefined) return this;
    this.conditions.push(sql`${raw(column)} = ${value}`);
    this.equalities.push({ column, value });
    return this;
  }

  /**
   * A filter that a kept count answers although it is not an equality of a column (e.g.
   * `in_stock`: `remaining > 0`): `name` is the counted filter, `condition` what it means here.
   */
  counted(name: string, value: unknown, condition: Sql): this {
    if (value === undefined) return this;
    this.conditions.push(condition);
    this.equalities.push({ column: name, value });
    return this;
  }

  /** The condition of a `search` term (bounded count, CONTRACT 4). */
  search(condition: Sql | undefined): this {
    if (condition === undefined) return this;
    this.searched = true;
    return this.and(condition);
  }

  /** `from <= column <= to`, each bound only when given. */
  between(column: string, from: unknown, to: unknown): this {
    if (from !== undefined) this.and(sql`${raw(column)} >= ${from}`);
    return to === undefined ? this : this.and(sql`${raw(column)} <= ${to}`);
  }

  /** Case-insensitive substring match of `expression` (an ILIKE an index can serve). */
  contains(expression: string, term: string | undefined): this {
    return term === undefined ? this : this.search(sql`${raw(expression)} ILIKE ${containing(term)}`);
  }

  /**
   * Case-insensitive substring match of any of `expressions`, each lower-cased in the row already
   * (a kept copy, or stored so): ILIKE's own meaning, LIKE of both sides lower-cased by lower(),
   * without lower-casing every row read.
   */
  containsLowered(expressions: string[], term: string | undefined): this {
    if (term === undefined) return this;
    const pattern = containing(term);
    return this.search(
      sql`(${join(
        expressions.map((expression) => sql`${raw(expression)} LIKE lower(${pattern})`),
        ' OR ',
      )})`,
    );
  }

  and(condition: Sql): this {
    this.conditions.push(condition);
    this.others++;
    return this;
  }

  /**
   * The company and the count filter (`''`, or `name=value`) whose kept count is this WHERE's
   * total, when it has one: the only conditions are `<alias>.company_id = $1` and at most one
   * equality on a counted filter. Undefined otherwise (the rows are counted).
   */
  keptFilter(alias: string, counted: readonly string[]): { companyId: unknown; filter: string } | undefined {
    if (this.others > 0 || this.searched || this.equalities.length > 1) return undefined;
    const company = this.always.render();
    if (company.text !== `${alias}.company_id = $1`) return undefined;
    const [equality] = this.equalities;
    if (equality === undefined) return { companyId: company.values[0], filter: '' };
    const name = equality.column.startsWith(`${alias}.`) ? equality.column.slice(alias.length + 1) : equality.column;
    if (!counted.includes(name)) return undefined;
    return { companyId: company.values[0], filter: countFilter(name, equality.value) };
  }

  toSql(): Sql {
    return join([...this.conditions], ' AND ');
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
  /**
   * Where the database keeps how many of the listed rows each UTC day of `column` holds (a table
   * of `day`, `slot` and `total`, e.g. company_creation_days), for a list ordered by `column`
   * newest first: a page past the first starts at the day its offset falls in and walks only
   * that day's rows before it (pageKeys). Give it only where the counts count exactly the rows
   * `where` lets through, and never with a search.
   */
  daysKept?: { counts: string; column: string };
  /**
   * The order a search's count reads its matches in, where an index in that order covers every
   * column the search reads: a common term's count is then an index-only scan, far narrower than
   * the table's rows, that stops at the bound (a million accounts: 1.5 times the counts a second
   * of a read of the rows, which PostgreSQL moreover synchronizes for a table past a quarter of
   * shared_buffers, each scan starting where another one is). A rare term's count still takes the
   * index that serves it, and sorts the few rows it finds.
   */
  searchCountOrder?: string;
  /**
   * What a search's count reads in place of `from`: a narrow copy of the columns `where` reads,
   * under the same alias, kept exact by triggers in the writer's transaction (e.g.
   * `company_search_rows c`), with the indexes of the search: the count's rows rechecked on a
   * fraction of the pages.
   */
  searchCountFrom?: string;
  /**
   * The table whose writes migration SearchVersions stamps (`search_versions`), when `where` reads
   * only its columns that the stamps cover: a search's count is remembered with the stamps it was
   * counted under, and the next page or repeat of the search under the same stamps answers it
   * without counting (search-counts.ts).
   */
  searchVersion?: string;
}

/** A `search` counts at most this many matches (CONTRACT 4); `total_exact` tells a client. */
export const SEARCH_COUNT_BOUND = 10_000;

/**
 * The statement answering `{total}`: the spec's own, else a kept count when the table declares
 * one that answers this WHERE (kept-counts.ts), else a count of the rows; a `search` counts at most
 * one match beyond the bound, so a common term never counts every match.
 */
function totalStatement(spec: ListSpec, filter: Sql): Sql {
  if (spec.total) return spec.total;
  const [table, alias] = spec.from.trim().split(/\s+/);
  const counts = keptCountsOf(table);
  const kept = counts && spec.where.keptFilter(alias ?? table, Object.keys(counts.filters));
  if (counts && kept) {
    return sql`SELECT coalesce(sum(total), 0)::int AS total
      FROM ${raw(counts.counts)} WHERE company_id = ${kept.companyId} AND filter = ${kept.filter}`;
  }
  if (spec.where.searched) {
    const order = spec.searchCountOrder ? raw(` ORDER BY ${spec.searchCountOrder}`) : sql``;
    return sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${raw(spec.searchCountFrom ?? spec.from)}
      WHERE ${filter}${order} LIMIT ${SEARCH_COUNT_BOUND + 1}) matches`;
  }
  return sql`SELECT count(*)::int AS total FROM ${raw(spec.from)} WHERE ${filter}`;
}

/**
 * One way a search matches: a condition over the list's rows, or rows whose `column` is one of
 * `keys` (a statement answering ids, e.g. the employees whose name matches), read key by key
 * from the index that starts with (company, column), so few keys cost little and none nothing.
 */
export type SearchArm = Sql | { column: string; keys: Sql };

/**
 * A `search` whose matches are the union of `arms` (each served by its own index), for a list
 * over `from` ordered by `<alias>.created_at DESC, <alias>.id DESC`. Each arm is bounded by a
 * LIMIT, so neither a rare term (no walk of the company in list order) nor a common one (no
 * collection of every match) costs more than the bound:
 * - `condition`, for the page: the newest matches up to the page's last row, collected first;
 * - `total`, the ListSpec's: up to one match past the bound of a search count (CONTRACT 4).
 * `filter` is the list's other conditions, which every arm repeats.
 */
export function searchArms(
  from: string,
  filter: Sql,
  arms: SearchArm[],
  query: { page?: number; limit?: number },
): { condition: Sql; total: Sql } {
  const alias = from.trim().split(/\s+/)[1];
  const columns = raw(`${alias}.id, ${alias}.created_at`);
  const rows = (arm: SearchArm, ordered: boolean, limit: number) => {
    const order = raw(ordered ? `ORDER BY ${alias}.created_at DESC, ${alias}.id DESC` : '');
    if (arm instanceof Sql)
      return sql`(SELECT ${columns} FROM ${raw(from)} WHERE ${filter} AND ${arm} ${order} LIMIT ${limit})`;
    return sql`(SELECT x.id, x.created_at FROM (${arm.keys}) keyed(id)
      CROSS JOIN LATERAL (SELECT ${columns} FROM ${raw(from)}
        WHERE ${filter} AND ${raw(arm.column)} = keyed.id ${order} LIMIT ${limit}) x
      ${raw(ordered ? 'ORDER BY x.created_at DESC, x.id DESC' : '')} LIMIT ${limit})`;
  };
  const union = (ordered: boolean, limit: number) =>
    join(
      arms.map((arm) => rows(arm, ordered, limit)),
      ' UNION ',
    );
  const last = Math.min((query.page ?? 1) * (query.limit ?? 20), SEARCH_COUNT_BOUND);
  return {
    condition: sql`${raw(alias)}.id = ANY (ARRAY(SELECT m.id FROM (${union(true, last)}) m
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${last}))`,
    total: sql`SELECT count(*)::int AS total FROM (${union(false, SEARCH_COUNT_BOUND + 1)}) m`,
  };
}

/** The statements of one page of a list and of its total (exported for the benchmarks' EXPLAIN). */
export function listStatements(spec: ListSpec, query: PageQueryDto): { page: Sql; count: Sql } {
  const filter = spec.where.toSql();
  return {
    page: sql`SELECT ${raw(spec.select)} FROM ${pageRows(spec, filter, query)} ORDER BY ${raw(spec.orderBy)}`,
    count: totalStatement(spec, filter),
  };
}

/**
 * The page's rows: the keys found first (an index walk in the list's order, however deep the
 * offset), and only those rows then read and joined. A search's page never reaches past the
 * bound of its count, so a page past `pages` is empty and no page sorts beyond it.
 */
function pageRows(spec: ListSpec, filter: Sql, query: PageQueryDto): Sql {
  const keys = raw(spec.key.map((column, i) => `${column} AS k${i}`).join(', '));
  const matches = raw(spec.key.map((column, i) => `${column} = page.k${i}`).join(' AND '));
  const offset = pageOffset(query);
  const limit = spec.where.searched ? Math.max(0, Math.min(query.limit, SEARCH_COUNT_BOUND - offset)) : query.limit;
  return sql`${raw(spec.from)}
      JOIN (${pageKeys(spec, filter, keys, limit, offset)}) page ON ${matches}
      ${raw(spec.join ?? '')}`;
}

/**
 * The keys of the page's rows, in the list's order. With `daysKept`, a page past the first finds
 * the newest day whose rows, with every newer day's, reach past its offset (the kept counts read
 * newest first, stopping there), and walks that day's rows from its end, skipping only the
 * offset less the newer days' rows: the same rows, in one snapshot, for a fraction of the walk.
 * An offset past the last row finds no day, and so no rows.
 */
function pageKeys(spec: ListSpec, filter: Sql, keys: Sql, limit: number, offset: number): Sql {
  const days = spec.where.searched || offset === 0 ? undefined : spec.daysKept;
  if (!days) {
    return sql`SELECT ${keys} FROM ${raw(spec.from)} WHERE ${filter}
      ORDER BY ${raw(spec.orderBy)} LIMIT ${limit} OFFSET ${offset}`;
  }
  const counts = raw(days.counts);
  return sql`WITH start AS MATERIALIZED (
        SELECT d.day, (d.through - (SELECT sum(k.total) FROM ${counts} k WHERE k.day = d.day))::bigint AS newer
        FROM (SELECT day, sum(total) OVER (ORDER BY day DESC) AS through FROM ${counts}) d
        WHERE d.through > ${offset} ORDER BY d.day DESC LIMIT 1)
      SELECT ${keys} FROM ${raw(spec.from)}
      WHERE ${filter} AND ${raw(days.column)} < (SELECT (day + 1)::timestamp AT TIME ZONE 'UTC' FROM start)
      ORDER BY ${raw(spec.orderBy)} LIMIT ${limit} OFFSET (SELECT ${offset} - newer FROM start)`;
}

/**
 * The one-row relation of the list's total (`total`): counted by totalStatement, or with
 * `searchVersion` on a search, `known` when the searched table's stamps are still its own
 * (versionedTotal, which adds the stamps as `version`).
 */
function countedTotal(spec: ListSpec, filter: Sql, known?: KnownCount): { counted: Sql; version: Sql } {
  const count = totalStatement(spec, filter);
  if (!spec.searchVersion || !spec.where.searched) return { counted: count, version: sql`NULL::text` };
  return { counted: versionedTotal(spec.searchVersion, count, known), version: sql`counted.version` };
}

/**
 * The page and the total as one statement: one round trip and one connection per list. The
 * total is a one-row relation the page's rows are joined to, so an empty page is one row without
 * a page key. Its first three columns are the total, whether the row is listed, and the stamps
 * the total was counted under (null unless `searchVersion`); the list's own columns follow.
 */
export function listStatement(spec: ListSpec, query: PageQueryDto, known?: KnownCount): Sql {
  const filter = spec.where.toSql();
  const { counted, version } = countedTotal(spec, filter, known);
  return sql`SELECT counted.total, page.k0 IS NOT NULL AS listed, ${version} AS version, ${raw(spec.select)}
    FROM (${counted}) counted
    LEFT JOIN (${pageRows(spec, filter, query)}) ON TRUE
    ORDER BY ${raw(spec.orderBy)}`;
}

/**
 * The page and the total as one statement whose page is one JSON text (the text path, the
 * statement the service runs): the page's rows, in the list's order, aggregated by PostgreSQL
 * into a JSON array of objects whose keys are the columns of `select` (`[]` for an empty page),
 * and beside it the total and the stamps it was counted under (as listStatement's).
 */
export function listJsonStatement(spec: ListSpec, query: PageQueryDto, known?: KnownCount): Sql {
  const filter = spec.where.toSql();
  const { counted, version } = countedTotal(spec, filter, known);
  // json_agg keeps the order of the subquery it reads (as PostgREST relies on).
  return sql`SELECT counted.total, ${version} AS version, (SELECT coalesce(json_agg(item), '[]') FROM (SELECT ${raw(spec.select)}
      FROM ${pageRows(spec, filter, query)} ORDER BY ${raw(spec.orderBy)}) item) AS items
    FROM (${counted}) counted`;
}

/**
 * The count a search of a list with `searchVersion` was last answered with, and how to remember
 * the one the statement answers; undefined for any other list.
 */
function rememberedCount(db: Db, spec: ListSpec) {
  if (!spec.searchVersion || !spec.where.searched) return undefined;
  const counts = SearchCounts.of(db);
  const { key, known } = counts.known(totalStatement(spec, spec.where.toSql()));
  return { known, remember: (version: string | null, total: number) => counts.remember(key, version, total) };
}

/**
 * Every list's page and total, in one statement (listJsonStatement): the items stay the JSON
 * text PostgreSQL wrote, and the answer carries them as they are (Page.renderJson), never parsed
 * nor serialised again in Node (issue 42).
 */
export async function listPage<T>(db: Db, spec: ListSpec, query: PageQueryDto): Promise<Page<T>> {
  const search = rememberedCount(db, spec);
  const row = await db.oneWithJsonText<{ total: number; version: string | null; items: string }>(
    listJsonStatement(spec, query, search?.known),
  );
  const total = row?.total ?? 0;
  search?.remember(row?.version ?? null, total);
  return pageOf<T>(spec, query, total, new JsonText(row?.items ?? '[]'));
}

/**
 * The same page with its items as objects (listStatement): for a caller that reads the items in
 * Node, and the reference the text path is held to (test/e2e/list-text-path.e2e-spec.ts).
 */
export async function listPageOfObjects<T>(db: Db, spec: ListSpec, query: PageQueryDto): Promise<Page<T>> {
  const search = rememberedCount(db, spec);
  const { fields, rows } = await db.arrays(listStatement(spec, query, search?.known));
  const counted = rows.length > 0 ? (rows[0][0] as number) : 0;
  if (rows.length > 0) search?.remember(rows[0][2] as string | null, counted);
  const items: T[] = [];
  for (const row of rows) {
    if (!row[1]) continue;
    const item: Record<string, unknown> = {};
    for (let i = 3; i < fields.length; i++) item[fields[i]] = row[i];
    items.push(item as T);
  }
  return pageOf(spec, query, counted, items);
}

function pageOf<T>(spec: ListSpec, query: PageQueryDto, counted: number, items: T[] | JsonText): Page<T> {
  const exact = !spec.where.searched || counted <= SEARCH_COUNT_BOUND;
  return new Page(items, exact ? counted : SEARCH_COUNT_BOUND, query, exact);
}
