import { Injectable } from '@nestjs/common';
import { Db } from '../../../../../database/db';
import { raw, Sql, sql } from '../../../../../database/sql';

/** Rows read per statement while a sheet is drawn: the file streams, the rows never pile up. */
const REPORT_BATCH = 1000;

type Cell = string | number | null;
/** A report row: its cells, and the list order's key (`sort_key`, `id`) to read on after it. */
type KeyedRow = { sort_key: unknown; id: string; cells: Cell[] };

/** The creation-time window of batches and positions. */
export interface ReportWindow {
  start?: string;
  end?: string;
}

/** Each sheet's rows: what it selects (as `cells`), from where, and its order key. */
interface SheetQuery {
  from: string;
  where: Sql;
  sortKey: string;
  id: string;
  cells: string;
}

const windowOf = (column: string, window: ReportWindow) =>
  sql`${window.start ? sql`AND ${raw(column)} >= ${window.start}::timestamptz` : sql``}
      ${window.end ? sql`AND ${raw(column)} <= ${window.end}::timestamptz` : sql``}`;

const DIRECTIONS = `CASE b.direction WHEN 'income' THEN 'Приход' ELSE 'Расход' END`;

@Injectable()
export class WarehouseReportRepository {
  constructor(private readonly db: Db) {}

  categories(companyId: string): AsyncIterable<Cell[]> {
    return this.read({
      from: 'catalog_categories c LEFT JOIN catalog_categories parent ON parent.company_id = c.company_id AND parent.id = c.parent_id',
      where: sql`c.company_id = ${companyId}`,
      sortKey: 'c.name',
      id: 'c.id',
      cells: `json_build_array(c.name, parent.name, c.status, c.comment)`,
    });
  }

  units(companyId: string): AsyncIterable<Cell[]> {
    return this.read({
      from: 'catalog_units u JOIN catalog_categories c ON c.company_id = u.company_id AND c.id = u.category_id',
      where: sql`u.company_id = ${companyId}`,
      sortKey: 'u.name',
      id: 'u.id',
      cells: `json_build_array(u.name, u.type, u.inventory_type, u.tracking_detail, u.tracked_type, u.unit,
        u.sale_price, u.purchase_price, u.currency, c.name, u.status)`,
    });
  }

  balance(companyId: string): AsyncIterable<Cell[]> {
    return this.read({
      from: `catalog_units u CROSS JOIN LATERAL (SELECT coalesce(sum(p.remaining), 0) AS quantity FROM stock_positions p
        WHERE p.company_id = u.company_id AND p.unit_id = u.id AND p.remaining > 0) s`,
      where: sql`u.company_id = ${companyId} AND u.status = 'active' AND u.inventory_type = 'tracked'`,
      sortKey: 'u.name',
      id: 'u.id',
      cells: `json_build_array(u.name, u.unit, s.quantity, 0, s.quantity)`,
    });
  }

  batches(companyId: string, window: ReportWindow): AsyncIterable<Cell[]> {
    return this.read({
      from: 'stock_batches b',
      where: sql`b.company_id = ${companyId} ${windowOf('b.created_at', window)}`,
      sortKey: 'b.created_at',
      id: 'b.id',
      cells: `json_build_array(to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), ${DIRECTIONS},
        CASE WHEN b.direction = 'income'
          THEN (SELECT count(*) FROM stock_positions p WHERE p.company_id = b.company_id AND p.batch_id = b.id)
          ELSE (SELECT count(*) FROM stock_consumptions c WHERE c.company_id = b.company_id AND c.batch_id = b.id) END,
        b.comment, b.id)`,
    });
  }

  positions(companyId: string, window: ReportWindow): AsyncIterable<Cell[]> {
    return this.read({
      from: 'stock_positions p JOIN catalog_units u ON u.company_id = p.company_id AND u.id = p.unit_id',
      where: sql`p.company_id = ${companyId} ${windowOf('p.created_at', window)}`,
      sortKey: 'p.created_at',
      id: 'p.id',
      cells: `json_build_array(to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), u.name, p.type,
        p.quantity, p.remaining, p.unit_price, u.currency, p.batch_id)`,
    });
  }

  /** A sheet's rows in its order, read in batches after the last key seen (keyset). */
  private async *read(query: SheetQuery): AsyncIterable<Cell[]> {
    let after: KeyedRow | undefined;
    for (;;) {
      const batch = await this.db.rows<KeyedRow>(
        sql`SELECT ${raw(query.sortKey)} AS sort_key, ${raw(query.id)} AS id, ${raw(query.cells)} AS cells
            FROM ${raw(query.from)}
            WHERE ${query.where}
              ${after ? sql`AND (${raw(query.sortKey)}, ${raw(query.id)}) > (${after.sort_key}, ${after.id})` : sql``}
            ORDER BY ${raw(query.sortKey)}, ${raw(query.id)}
            LIMIT ${REPORT_BATCH}`,
      );
      for (const row of batch) yield row.cells;
      if (batch.length < REPORT_BATCH) return;
      after = batch[batch.length - 1];
    }
  }
}
