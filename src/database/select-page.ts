import { pageOffset, PageQueryDto } from '../core/pagination/page-query.dto';
import type { Db } from './transaction-host';

export interface PageSql {
  /** The returned columns. */
  select: string;
  /** FROM clause, with the aliases `where` and `orderBy` use. */
  from: string;
  /** The count needs no joins the filter does not: a leaner FROM for it (same aliases). */
  countFrom?: string;
  where: string;
  orderBy: string;
}

/**
 * One page of a list and the list's total, as two queries run side by side. `params` are the
 * `where` clause's `$1…$n`; LIMIT and OFFSET are appended after them.
 */
export async function selectPage<T>(
  db: Db,
  sql: PageSql,
  params: unknown[],
  query: PageQueryDto,
): Promise<{ items: T[]; total: number }> {
  const next = params.length + 1;
  const [items, [{ total }]] = await Promise.all([
    db.tx.query(
      `SELECT ${sql.select} FROM ${sql.from} WHERE ${sql.where} ORDER BY ${sql.orderBy} LIMIT $${next} OFFSET $${next + 1}`,
      [...params, query.limit, pageOffset(query)],
    ),
    db.tx.query(`SELECT count(*)::int AS total FROM ${sql.countFrom ?? sql.from} WHERE ${sql.where}`, params),
  ]);
  return { items, total };
}
