import { Injectable } from '@nestjs/common';
import { attachmentsJson } from '../../../../../core/attachments/record-attachments';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { CurrencyCode } from '../../../../../core/money/currencies';
import {
  containing,
  ListSpec,
  listPage,
  SEARCH_COUNT_BOUND,
  SearchArm,
  searchArms,
  Where,
} from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../../database/sql';
import { Row, Table } from '../../../../../database/table';
import { EMPLOYEE_JSON, EMPLOYEE_PROFILES } from '../../hrm/hrm.face';
import type {
  DealTransactionsSummaryDto,
  ListTransactionsQueryDto,
  TransactionDetailDto,
  TransactionDto,
} from './dto/transaction.dto';
import { TransactionEntity } from './transaction.entity';

const transactions = new Table(TransactionEntity);
/** The kind of a transaction's rows in record_attachments. */
export const TRANSACTION_RECORDS = transactions.name;

/** A TransactionDto from rows aliased `t`, joined to their employee `e` and category `c`. */
const TRANSACTION = `${transactions.answer('t', { except: ['company_id'] })},
  e.first_name AS employee_first_name, e.last_name AS employee_last_name, c.name AS category_name,
  ${attachmentsJson(TRANSACTION_RECORDS, 't')} AS attachments`;
const WITH_NAMES = `LEFT JOIN ${EMPLOYEE_PROFILES} e ON e.id = t.employee_id
  LEFT JOIN transaction_categories c ON c.id = t.category_id AND c.company_id = t.company_id`;
/** The employee (the HRM module's shape) and category objects that GET one, create and reverse add. */
const DETAIL = `${TRANSACTION},
  CASE WHEN e.id IS NULL THEN NULL ELSE ${EMPLOYEE_JSON} END AS employee,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name,
    'description', c.description, 'direction', c.direction, 'system', c.system, 'slug', c.slug,
    'created_at', ${rfc3339('c.created_at')}, 'updated_at', ${rfc3339('c.updated_at')}) END AS category`;

/** Details of the rows of `from` (aliased `t`). */
const detailsOf = (from: Sql) => sql`SELECT ${raw(DETAIL)} FROM ${from} ${raw(WITH_NAMES)}`;

/**
 * `search`'s arms: the comment (transactions_search_trgm_idx, whose expression this must stay
 * identical to), or an employee or category of the company whose name matches (their trigram
 * indexes, then the transactions' employee and category indexes). One WHERE with an OR of the
 * three cannot be sized by the planner: it walked the whole company in list order for a rare
 * term, or collected every match of a common one (3.3 s and 5.1 s at 1,000,000 transactions).
 */
function searchArmsOf(companyId: string, term: string): SearchArm[] {
  const pattern = containing(term);
  return [
    sql`t.comment ILIKE ${pattern}`,
    {
      column: 't.employee_id',
      keys: sql`SELECT id FROM ${raw(EMPLOYEE_PROFILES)}
        WHERE company_id = ${companyId} AND (first_name || ' ' || coalesce(last_name, '')) ILIKE ${pattern}`,
    },
    {
      column: 't.category_id',
      keys: sql`SELECT id FROM transaction_categories WHERE company_id = ${companyId} AND name ILIKE ${pattern}`,
    },
  ];
}

/** Which transactions a list is restricted to, on top of its query's filters. */
export interface TransactionScope {
  dealId?: string;
  creditId?: string;
}

/** The transaction list (exported for bench/finance.js, which EXPLAINs its statements). */
export function transactionList(
  companyId: string,
  query: Partial<ListTransactionsQueryDto>,
  scope: TransactionScope = {},
): ListSpec {
  const where = new Where(sql`t.company_id = ${companyId}`)
    .between('t.created_at', query.start_date, query.end_date)
    .equals('t.direction', query.direction)
    .equals('t.status', query.status)
    .equals('t.currency', query.currency)
    .equals('t.category_id', query.category_id)
    .equals('t.employee_id', query.employee_id)
    .equals('t.deal_id', scope.dealId ?? query.deal_id)
    .equals('t.credit_id', scope.creditId);
  let total: Sql | undefined;
  if (query.search !== undefined) {
    const search = searchArms('transactions t', where.toSql(), searchArmsOf(companyId, query.search), query);
    where.search(search.condition);
    total = search.total;
  }
  return {
    from: 'transactions t',
    where,
    orderBy: 't.created_at DESC, t.id DESC',
    key: ['t.id'],
    select: TRANSACTION,
    join: WITH_NAMES,
    total,
  };
}

/** How many search totals one process remembers; past it, the oldest is forgotten. */
const SEARCH_TOTALS_KEPT = 1_000;

/** The sum of the company's search writes (migration TransactionSearchWrites): it changes with any write that can change a search. */
const searchWritesOf = (companyId: string) =>
  sql`SELECT coalesce(sum(writes), 0)::text FROM transaction_search_writes WHERE company_id = ${companyId}`;
/**
 * The sum, and whether a total counted now may be kept against it: not inside a transaction that
 * has written (its own uncommitted writes are in the sum, and a rollback would let another write
 * bring the sum back to the same value).
 */
const searchWritesNow = (companyId: string) =>
  sql`SELECT (${searchWritesOf(companyId)}) AS writes, pg_current_xact_id_if_assigned() IS NULL AS keepable`;

/** The completed transactions linked to one deal, or to any deal, in one currency and window. */
export interface DealSummaryQuery extends TimeWindowQueryDto {
  currency: CurrencyCode;
}

@Injectable()
export class TransactionsRepository {
  /**
   * Search totals: a search's bounded count (up to 10,001 matches: 25-50 ms at 1,000,000
   * transactions for a common word) by its count statement, with the sum of the company's search
   * writes it was counted at. The list statement reuses it only when it reads the same sum itself,
   * so the total stays exact after any write (docs/finance.md).
   */
  private readonly searchTotals = new Map<string, { writes: string; total: number }>();

  constructor(private readonly db: Db) {}

  /** Inserts a transaction and answers its detail; a second reversal of one original violates a unique index. */
  async create(companyId: string, transaction: Partial<Row<TransactionEntity>>): Promise<TransactionDetailDto> {
    const created = sql`${transactions.insert({ ...transaction, company_id: companyId })} RETURNING *`;
    return (await this.db.one<TransactionDetailDto>(sql`WITH t AS (${created}) ${detailsOf(raw('t'))}`))!;
  }

  list(
    companyId: string,
    query: Partial<ListTransactionsQueryDto> & PageQueryDto,
    scope?: TransactionScope,
  ): Promise<Page<TransactionDto>> {
    const spec = transactionList(companyId, query, scope);
    if (spec.total === undefined) return listPage(this.db, spec, query);
    return this.searchPage(companyId, spec, spec.total, query);
  }

  /**
   * A search's page, its total reused when no write since it was counted: the writes' sum is read
   * first, and the list statement counts again unless it still reads the sum the known total was
   * counted at. A sum read before a write that the count then sees is never read again (the sum
   * only grows, committed), so a total is never reused at a sum it was not counted at.
   */
  private async searchPage(
    companyId: string,
    spec: ListSpec,
    count: Sql,
    query: PageQueryDto,
  ): Promise<Page<TransactionDto>> {
    const { writes, keepable } = (await this.db.one<{ writes: string; keepable: boolean }>(
      searchWritesNow(companyId),
    ))!;
    const { text, values } = count.render();
    const key = JSON.stringify([text, values]);
    const known = this.searchTotals.get(key);
    if (known?.writes === writes) {
      spec.total = sql`SELECT CASE WHEN (${searchWritesOf(companyId)}) = ${writes} THEN ${known.total}::int
        ELSE (SELECT counted.total FROM (${count}) counted) END AS total`;
    }
    const page = await listPage<TransactionDto>(this.db, spec, query);
    this.searchTotals.delete(key);
    if (!keepable) return page;
    if (this.searchTotals.size >= SEARCH_TOTALS_KEPT) this.searchTotals.delete(this.searchTotals.keys().next().value!);
    this.searchTotals.set(key, { writes, total: page.totalExact ? page.total : SEARCH_COUNT_BOUND + 1 });
    return page;
  }

  findOne(companyId: string, id: string): Promise<TransactionDetailDto | null> {
    return this.db.one(sql`${detailsOf(raw('transactions t'))} WHERE t.id = ${id} AND t.company_id = ${companyId}`);
  }

  /** The transaction's own columns, for the reversal. */
  findRow(companyId: string, id: string): Promise<Row<TransactionEntity> | null> {
    return this.db.one(sql`SELECT * FROM transactions WHERE id = ${id} AND company_id = ${companyId}`);
  }

  /** Whether `id` is an employee of the company. */
  async employeeExists(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(
        sql`SELECT 1 FROM ${raw(EMPLOYEE_PROFILES)} WHERE id = ${id} AND company_id = ${companyId}`,
      )) !== null
    );
  }

  /** CONTRACT 16's summary over the deal's completed transactions (every deal's when dealId is null). */
  async dealSummary(
    companyId: string,
    dealId: string | null,
    query: DealSummaryQuery,
  ): Promise<DealTransactionsSummaryDto> {
    const where = new Where(
      sql`company_id = ${companyId}`,
      sql`currency = ${query.currency}`,
      sql`status = 'completed'`,
    )
      .and(dealId === null ? sql`deal_id IS NOT NULL` : sql`deal_id = ${dealId}`)
      .between('created_at', query.start_date, query.end_date);
    return (await this.db.one<DealTransactionsSummaryDto>(
      sql`SELECT ${query.currency}::text AS currency,
          coalesce(sum(base_amount) FILTER (WHERE direction = 'income'), 0)
            - coalesce(sum(base_amount) FILTER (WHERE direction = 'expense'), 0) AS total_amount,
          coalesce(sum(base_amount) FILTER (WHERE direction = 'income'), 0) AS income_amount,
          coalesce(sum(base_amount) FILTER (WHERE direction = 'expense'), 0) AS expense_amount,
          count(*) FILTER (WHERE direction = 'income')::int AS income_count,
          count(*) FILTER (WHERE direction = 'expense')::int AS expense_count,
          count(*)::int AS total_count
        FROM transactions WHERE ${where.toSql()}`,
    ))!;
  }
}
