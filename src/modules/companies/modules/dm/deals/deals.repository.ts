import { Injectable } from '@nestjs/common';
import { attachmentsJson } from '../../../../../core/attachments/record-attachments';
import { ListSpec, listPage, searchArms } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../../database/sql';
import { Row, Table } from '../../../../../database/table';
import { CLIENT_DETAIL_JSON, CLIENT_PROFILES } from '../../crm/crm.face';
import { EMPLOYEE_JSON, EMPLOYEE_PROFILES } from '../../hrm/hrm.face';
import { CATALOG_UNIT_PROFILES, POSITION_JSON, STOCK_POSITION_PROFILES, unitJson } from '../../wm/warehouse.face';
import { DealPositionEntity } from './deal-position.entity';
import { DealEntity } from './deal.entity';
import { dealSearchArms, dealSearchCondition, dealWhere } from './deal-filters';
import type {
  DealGroupDto,
  DealDto,
  DealPositionChangeDto,
  DealPositionInputDto,
  ListDealsQueryDto,
} from './dto/deal.dto';

const deals = new Table(DealEntity);
/** The kind of a deal's rows in record_attachments. */
export const DEAL_RECORDS = deals.name;
const positions = new Table(DealPositionEntity);

const TYPE = `json_build_object('id', t.id, 'name', t.name, 'comment', t.comment,
  'created_at', ${rfc3339('t.created_at')}, 'updated_at', ${rfc3339('t.updated_at')})`;
const STATUS = `json_build_object('id', s.id, 'name', s.name, 'comment', s.comment, 'sort_order', s.sort_order,
  'color', s.color, 'is_default', s.is_default,
  'created_at', ${rfc3339('s.created_at')}, 'updated_at', ${rfc3339('s.updated_at')})`;
/** A deal position (aliased `dp`) with the catalog unit or stock position it names, in full. */
const POSITION = `json_build_object('id', dp.id, 'name', dp.name, 'comment', dp.comment, 'price', dp.price,
  'quantity', dp.quantity, 'unit', dp.unit, 'unit_id', dp.unit_id, 'position_id', dp.position_id,
  'created_at', ${rfc3339('dp.created_at')}, 'updated_at', ${rfc3339('dp.updated_at')},
  'catalog_unit', (SELECT ${unitJson('u')} FROM ${CATALOG_UNIT_PROFILES} u WHERE u.id = dp.unit_id AND u.company_id = dp.company_id),
  'catalog_position', (SELECT ${POSITION_JSON} FROM ${STOCK_POSITION_PROFILES} p
    JOIN ${CATALOG_UNIT_PROFILES} u ON u.company_id = p.company_id AND u.id = p.unit_id
    WHERE p.id = dp.position_id AND p.company_id = dp.company_id))`;

/**
 * A Deal (DealDto) from rows aliased `d`: its type, status, client, employees, positions and files
 * joined in as JSON (the client and employees in their own modules' shapes, CONTRACT 17), times
 * already in the API's form, so a deal reads the same in a list row and inside the board's JSON.
 */
const DEAL = `d.id, d.comment, d.type_id, d.client_id,
  (SELECT ${TYPE} FROM deal_types t WHERE t.id = d.type_id) AS type,
  (SELECT ${STATUS} FROM deal_statuses s WHERE s.id = d.status_id) AS status,
  (SELECT ${CLIENT_DETAIL_JSON} FROM ${CLIENT_PROFILES} c WHERE c.id = d.client_id AND c.company_id = d.company_id) AS client,
  coalesce((SELECT json_agg(${EMPLOYEE_JSON} ORDER BY e.last_name, e.first_name, e.id)
    FROM deal_employees de JOIN ${EMPLOYEE_PROFILES} e ON e.id = de.employee_id WHERE de.deal_id = d.id), '[]') AS employees,
  coalesce((SELECT json_agg(${POSITION} ORDER BY dp.created_at, dp.id)
    FROM deal_positions dp WHERE dp.deal_id = d.id), '[]') AS positions,
  d.total_amount, ${attachmentsJson(DEAL_RECORDS, 'd')} AS attachments,
  ${rfc3339('d.created_at')} AS created_at, ${rfc3339('d.updated_at')} AS updated_at`;

const NEWEST_FIRST = 'd.created_at DESC, d.id DESC';

/** The deal list (exported for bench/deals.js, which EXPLAINs its statements). */
export function dealList(companyId: string, query: ListDealsQueryDto): ListSpec {
  const where = dealWhere(companyId, query);
  let total: Sql | undefined;
  if (query.search !== undefined) {
    const search = searchArms('deals d', where.toSql(), dealSearchArms(companyId, query.search), query);
    where.search(search.condition);
    total = search.total;
  }
  return { from: 'deals d', where, orderBy: NEWEST_FIRST, key: ['d.id'], select: DEAL, total };
}

/**
 * The board: every status of the company in pipeline order with the number of its deals that
 * match the filters and the newest `limit` of them (each an index walk on
 * deals_company_status_created_at_idx). A `status_id` filter keeps that status's group only.
 * Exported for bench/deals.js.
 */
export function dealBoard(companyId: string, query: ListDealsQueryDto): Sql {
  const { status_id, ...filters } = query;
  const where = dealWhere(companyId, filters);
  if (filters.search !== undefined) where.search(dealSearchCondition(companyId, filters.search));
  const matching = where.and(sql`d.status_id = s.id`).toSql();
  return sql`SELECT s.id AS status_id, s.name AS status_name, s.color AS status_color, s.sort_order,
      (SELECT count(*)::int FROM deals d WHERE ${matching}) AS count,
      coalesce((SELECT json_agg(newest) FROM (SELECT ${raw(DEAL)} FROM deals d WHERE ${matching}
        ORDER BY ${raw(NEWEST_FIRST)} LIMIT ${query.limit}) newest), '[]') AS deals
    FROM deal_statuses s
    WHERE s.company_id = ${companyId} ${status_id === undefined ? sql`` : sql`AND s.id = ${status_id}`}
    ORDER BY s.sort_order, s.name, s.id`;
}

/** Lines as one JSON parameter, expanded in SQL in the order sent (clock_timestamp keeps that order). */
function insertPositions(companyId: string, dealId: string, lines: DealPositionInputDto[]): Sql {
  const rows = lines.map((line) => ({
    name: line.name,
    comment: line.comment ?? null,
    price: line.price,
    quantity: line.quantity,
    unit: line.unit ?? 'pcs',
    unit_id: line.unit_id ?? null,
    position_id: line.position_id ?? null,
  }));
  return sql`INSERT INTO deal_positions
      (company_id, deal_id, name, comment, price, quantity, unit, unit_id, position_id, created_at, updated_at)
    SELECT ${companyId}, ${dealId}, l.name, l.comment, l.price, l.quantity, l.unit, l.unit_id, l.position_id,
      clock_timestamp(), clock_timestamp()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS l(name text, comment text, price numeric, quantity numeric, unit text, unit_id uuid, position_id uuid)`;
}

@Injectable()
export class DealsRepository {
  constructor(private readonly db: Db) {}

  list(companyId: string, query: ListDealsQueryDto): Promise<Page<DealDto>> {
    return listPage(this.db, dealList(companyId, query), query);
  }

  board(companyId: string, query: ListDealsQueryDto): Promise<DealGroupDto[]> {
    return this.db.rows(dealBoard(companyId, query));
  }

  findOne(companyId: string, id: string): Promise<DealDto | null> {
    return this.db.one(sql`SELECT ${raw(DEAL)} FROM deals d WHERE d.id = ${id} AND d.company_id = ${companyId}`);
  }

  async create(companyId: string, deal: Partial<Row<DealEntity>>): Promise<string> {
    const row = await this.db.one<{ id: string }>(
      sql`${deals.insert({ ...deal, company_id: companyId })} RETURNING id`,
    );
    return row!.id;
  }

  /**
   * Changes the deal's own fields sent and moves updated_at, locking the row until the
   * transaction ends (so its position changes and total apply one request at a time). False
   * when there is no such deal.
   */
  async update(companyId: string, id: string, changes: Partial<Row<DealEntity>>): Promise<boolean> {
    const set = deals.assignments(changes, ['comment', 'type_id', 'client_id', 'status_id']);
    return (
      (await this.db.affected(sql`UPDATE deals SET ${set ? sql`${set}, ` : sql``}updated_at = now()
        WHERE id = ${id} AND company_id = ${companyId}`)) > 0
    );
  }

  /**
   * Holds the deal (FOR KEY SHARE) until the transaction ends, so a row linked to it meanwhile
   * (a transaction) cannot lose it to a concurrent delete. False when there is no such deal.
   */
  async holdForLink(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM deals WHERE id = ${id} AND company_id = ${companyId} FOR KEY SHARE`)) !==
      null
    );
  }

  async delete(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM deals WHERE id = ${id} AND company_id = ${companyId}`)) > 0;
  }

  async replaceEmployees(companyId: string, dealId: string, employeeIds: string[]): Promise<void> {
    await this.db.affected(sql`DELETE FROM deal_employees WHERE deal_id = ${dealId}`);
    await this.db.affected(sql`INSERT INTO deal_employees (deal_id, employee_id, company_id)
      SELECT ${dealId}, e, ${companyId} FROM unnest(${employeeIds}::uuid[]) e ON CONFLICT DO NOTHING`);
  }

  async addPositions(companyId: string, dealId: string, lines: DealPositionInputDto[]): Promise<void> {
    if (lines.length > 0) await this.db.affected(insertPositions(companyId, dealId, lines));
  }

  /** Of `ids`, those that are lines of this deal. */
  async positionsOf(dealId: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.db.rows<{ id: string }>(
      sql`SELECT id FROM deal_positions WHERE deal_id = ${dealId} AND id = ANY(${ids}::uuid[])`,
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Changes one line of the deal (only the fields sent). */
  async changePosition(dealId: string, change: DealPositionChangeDto): Promise<void> {
    const set = positions.assignments(change, [
      'name',
      'comment',
      'price',
      'quantity',
      'unit',
      'unit_id',
      'position_id',
    ]);
    if (!set) return;
    await this.db.affected(
      sql`UPDATE deal_positions SET ${set}, updated_at = now() WHERE id = ${change.id} AND deal_id = ${dealId}`,
    );
  }

  async deletePositions(dealId: string, ids: string[]): Promise<void> {
    if (ids.length > 0) {
      await this.db.affected(sql`DELETE FROM deal_positions WHERE deal_id = ${dealId} AND id = ANY(${ids}::uuid[])`);
    }
  }

  /** Recomputes the deal's total and line count from its lines (after they changed, in the same transaction). */
  async refreshTotal(dealId: string): Promise<void> {
    await this.db.affected(sql`UPDATE deals d SET (total_amount, positions_count) = (
        SELECT coalesce(sum(round(p.price * p.quantity, 2)), 0), count(*) FROM deal_positions p WHERE p.deal_id = d.id)
      WHERE d.id = ${dealId}`);
  }
}
