import { Injectable } from '@nestjs/common';
import { containing, ListSpec, listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, sql } from '../../../../../database/sql';
import { unitJson } from '../units/units.repository';
import type {
  BalanceLineDto,
  BalanceQueryDto,
  ListBatchesQueryDto,
  ListStockPositionsQueryDto,
  StockBatchDto,
  StockPositionDto,
} from './dto/stock.dto';

/** What a batch line needs to know of its unit, read under the unit's lock. */
export interface LockedUnit {
  id: string;
  status: string;
  inventory_type: string;
  tracking_detail: string | null;
  tracked_type: string | null;
  purchase_price: number | null;
  currency: string;
}

/** A serial piece an outcome names. */
export interface Piece {
  id: string;
  unit_id: string;
  type: string;
}

/** A position (aliased `p`) with its unit (aliased `u`) as StockPositionDto. */
const POSITION = `p.id, p.type, p.unit_id, p.batch_id, p.quantity, p.remaining, p.unit_price,
  ${rfc3339('p.created_at')} AS created_at, ${unitJson('u')} AS unit`;
/** A position (aliased `p`) with its unit (aliased `u`) as the JSON of a StockPositionDto. */
export const POSITION_JSON = `json_build_object('id', p.id, 'type', p.type, 'unit_id', p.unit_id, 'batch_id', p.batch_id,
  'quantity', p.quantity, 'remaining', p.remaining, 'unit_price', p.unit_price,
  'created_at', ${rfc3339('p.created_at')}, 'unit', ${unitJson('u')})`;
const WITH_UNIT = 'JOIN catalog_units u ON u.company_id = p.company_id AND u.id = p.unit_id';

/** A batch (aliased `b`) as StockBatchDto: an income's positions, or an outcome's consumptions, in order. */
const BATCH = `b.id, b.direction, b.comment, b.metadata,
  ${rfc3339('b.created_at')} AS created_at, ${rfc3339('b.updated_at')} AS updated_at,
  CASE WHEN b.direction = 'income' THEN
    (SELECT coalesce(json_agg(${POSITION_JSON} ORDER BY p.created_at, p.id), '[]')
     FROM stock_positions p ${WITH_UNIT} WHERE p.company_id = b.company_id AND p.batch_id = b.id)
  ELSE
    (SELECT coalesce(json_agg(json_build_object('position_id', c.position_id, 'unit_id', c.unit_id,
       'quantity', c.quantity, 'unit_price', c.unit_price) ORDER BY c.ordinal), '[]')
     FROM stock_consumptions c WHERE c.company_id = b.company_id AND c.batch_id = b.id)
  END AS positions`;

/** The balance of every active tracked unit (exported for bench/warehouse.js, which EXPLAINs it). */
export function balanceList(companyId: string, query: BalanceQueryDto): ListSpec {
  return {
    from: 'catalog_units u',
    where: new Where(sql`u.company_id = ${companyId}`, sql`u.status = 'active'`, sql`u.inventory_type = 'tracked'`)
      .equals('u.id', query.unit_id)
      .equals('u.category_id', query.category_id),
    orderBy: 'u.name, u.id',
    key: ['u.id'],
    select: `u.id AS unit_id, u.name AS unit_name, u.unit, s.quantity, 0::numeric AS reserved, s.quantity AS available`,
    join: `CROSS JOIN LATERAL (SELECT coalesce(sum(p.remaining), 0) AS quantity FROM stock_positions p
      WHERE p.company_id = u.company_id AND p.unit_id = u.id AND p.remaining > 0) s`,
  };
}

/** The position list (exported for bench/warehouse.js). */
export function positionList(companyId: string, query: ListStockPositionsQueryDto): ListSpec {
  const where = new Where(sql`p.company_id = ${companyId}`)
    .equals('p.type', query.type)
    .equals('p.unit_id', query.unit_id)
    .equals('p.batch_id', query.batch_id);
  // The unit is joined for the page only; the filter (and the count) test it on their own.
  if (query.search !== undefined) {
    where.search(sql`EXISTS (SELECT 1 FROM catalog_units su WHERE su.company_id = p.company_id AND su.id = p.unit_id
      AND su.name ILIKE ${containing(query.search)})`);
  }
  if (query.in_stock !== undefined) {
    where.counted('in_stock', query.in_stock, query.in_stock ? sql`p.remaining > 0` : sql`p.remaining = 0`);
  }
  return {
    from: 'stock_positions p',
    where,
    orderBy: 'p.created_at DESC, p.id DESC',
    key: ['p.id'],
    select: POSITION,
    join: WITH_UNIT,
  };
}

@Injectable()
export class StockRepository {
  constructor(private readonly db: Db) {}

  /**
   * The company's units among `ids`, their rows locked until the transaction ends. Every batch
   * locks its units in id order, so batches over several units never deadlock, and the PATCH of
   * a unit's stock settings waits for them.
   */
  lockUnits(companyId: string, ids: string[]): Promise<LockedUnit[]> {
    return this.db.rows(
      sql`SELECT id, status, inventory_type, tracking_detail, tracked_type, purchase_price, currency
          FROM catalog_units WHERE company_id = ${companyId} AND id = ANY(${ids}::uuid[])
          ORDER BY id FOR UPDATE`,
    );
  }

  /** The company's positions among `ids` (the pieces an outcome names). */
  pieces(companyId: string, ids: string[]): Promise<Piece[]> {
    return this.db.rows(
      sql`SELECT id, unit_id, type FROM stock_positions WHERE company_id = ${companyId} AND id = ANY(${ids}::uuid[])`,
    );
  }

  async createBatch(
    companyId: string,
    batch: { direction: string; comment?: string | null; metadata?: object | null },
  ): Promise<string> {
    const row = await this.db.one<{ id: string }>(
      sql`INSERT INTO stock_batches (company_id, direction, comment, metadata)
          VALUES (${companyId}, ${batch.direction}, ${batch.comment ?? null}, ${
            batch.metadata == null ? null : JSON.stringify(batch.metadata)
          }) RETURNING id`,
    );
    return row!.id;
  }

  /**
   * The positions of an income: a line of `count` pieces makes `count` positions of `quantity`
   * each (a batch line is one piece of its whole quantity, a serial line n pieces of 1).
   */
  async addPositions(
    companyId: string,
    batchId: string,
    lines: Array<{ type: string; unit_id: string; quantity: number; price: number; count: number }>,
  ): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO stock_positions (company_id, type, unit_id, batch_id, quantity, remaining, unit_price)
          SELECT ${companyId}, l.type, l.unit_id, ${batchId}, l.quantity, l.quantity, l.price
          FROM unnest(${lines.map((l) => l.type)}::text[], ${lines.map((l) => l.unit_id)}::uuid[],
                      ${lines.map((l) => String(l.quantity))}::numeric[], ${lines.map((l) => String(l.price))}::numeric[],
                      ${lines.map((l) => l.count)}::int[]) AS l(type, unit_id, quantity, price, count)
          CROSS JOIN LATERAL generate_series(1, l.count)`,
    );
  }

  /** Whether the unit has `quantity` left, and what it has (as text, exact for the message). */
  async available(
    companyId: string,
    unitId: string,
    quantity: number,
  ): Promise<{ enough: boolean; available: string }> {
    return (await this.db.one<{ enough: boolean; available: string }>(
      sql`SELECT coalesce(sum(remaining), 0) >= ${String(quantity)}::numeric AS enough,
                 coalesce(sum(remaining), 0)::text AS available
          FROM stock_positions WHERE company_id = ${companyId} AND unit_id = ${unitId} AND remaining > 0`,
    ))!;
  }

  /**
   * Takes `quantity` of the unit from its positions, oldest first (fifo) or newest first (lifo),
   * and records each take as a consumption of the batch, numbered on from `after`. The caller
   * holds the unit's lock and has checked that enough remains. Returns how many takes it made.
   */
  consume(
    companyId: string,
    batchId: string,
    unitId: string,
    quantity: number,
    order: 'fifo' | 'lifo',
    after: number,
  ): Promise<number> {
    const direction = raw(order === 'fifo' ? 'ASC' : 'DESC');
    const wanted = String(quantity);
    return this.db.affected(
      sql`WITH candidates AS (
            SELECT id, remaining, unit_price,
                   sum(remaining) OVER (ORDER BY created_at ${direction}, id ${direction}) AS running
            FROM stock_positions
            WHERE company_id = ${companyId} AND unit_id = ${unitId} AND remaining > 0
          ), taken AS (
            SELECT id, least(remaining, ${wanted}::numeric - (running - remaining)) AS quantity, unit_price,
                   ${after}::int + row_number() OVER (ORDER BY running) AS ordinal
            FROM candidates WHERE running - remaining < ${wanted}::numeric
          ), spent AS (
            UPDATE stock_positions p SET remaining = p.remaining - t.quantity, updated_at = now()
            FROM taken t WHERE p.company_id = ${companyId} AND p.id = t.id
          )
          INSERT INTO stock_consumptions (company_id, batch_id, position_id, unit_id, ordinal, quantity, unit_price)
          SELECT ${companyId}, ${batchId}, t.id, ${unitId}, t.ordinal, t.quantity, t.unit_price FROM taken t`,
    );
  }

  /** Ships a serial piece whole as take number `ordinal`; false when it was already shipped. */
  async shipPiece(companyId: string, batchId: string, pieceId: string, ordinal: number): Promise<boolean> {
    const shipped = await this.db.affected(
      sql`WITH spent AS (
            UPDATE stock_positions SET remaining = 0, updated_at = now()
            WHERE company_id = ${companyId} AND id = ${pieceId} AND remaining > 0
            RETURNING id, unit_id, quantity, unit_price
          )
          INSERT INTO stock_consumptions (company_id, batch_id, position_id, unit_id, ordinal, quantity, unit_price)
          SELECT ${companyId}, ${batchId}, id, unit_id, ${ordinal}, quantity, unit_price FROM spent`,
    );
    return shipped > 0;
  }

  findBatch(companyId: string, id: string): Promise<StockBatchDto | null> {
    return this.db.one(
      sql`SELECT ${raw(BATCH)} FROM stock_batches b WHERE b.id = ${id} AND b.company_id = ${companyId}`,
    );
  }

  listBatches(companyId: string, query: ListBatchesQueryDto): Promise<Page<StockBatchDto>> {
    const where = new Where(sql`b.company_id = ${companyId}`)
      .equals('b.direction', query.direction)
      .contains(`coalesce(b.comment, '')`, query.search);
    if (query.unit_id !== undefined) {
      where.and(
        sql`(EXISTS (SELECT 1 FROM stock_positions p
                     WHERE p.company_id = b.company_id AND p.batch_id = b.id AND p.unit_id = ${query.unit_id})
             OR EXISTS (SELECT 1 FROM stock_consumptions c
                     WHERE c.company_id = b.company_id AND c.batch_id = b.id AND c.unit_id = ${query.unit_id}))`,
      );
    }
    return listPage(
      this.db,
      { from: 'stock_batches b', where, orderBy: 'b.created_at DESC, b.id DESC', key: ['b.id'], select: BATCH },
      query,
    );
  }

  listPositions(companyId: string, query: ListStockPositionsQueryDto): Promise<Page<StockPositionDto>> {
    return listPage(this.db, positionList(companyId, query), query);
  }

  findPosition(companyId: string, id: string): Promise<StockPositionDto | null> {
    return this.db.one(
      sql`SELECT ${raw(POSITION)} FROM stock_positions p ${raw(WITH_UNIT)} WHERE p.id = ${id} AND p.company_id = ${companyId}`,
    );
  }

  balance(companyId: string, query: BalanceQueryDto): Promise<Page<BalanceLineDto>> {
    return listPage(this.db, balanceList(companyId, query), query);
  }
}
