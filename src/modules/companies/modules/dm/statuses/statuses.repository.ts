import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import { DealStatusEntity } from './deal-status.entity';
import type { DealStatusDto, ListDealStatusesQueryDto } from './dto/deal-status.dto';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

const statuses = new Table(DealStatusEntity);
const ORDER = 'sort_order, name, id';

/** The pipeline every company starts with (CONTRACT 16); the first is the default. */
export const INITIAL_STATUSES = ['Ожидание', 'Согласование', 'В работе', 'Успешно завершены', 'Отклонены'];

@Injectable()
export class DealStatusesRepository extends CompanyTableRows<DealStatusEntity, DealStatusDto> {
  constructor(db: Db) {
    super(db, statuses, ['name', 'comment', 'sort_order', 'color', 'is_default']);
  }

  /** The initial pipeline of a new company (in the transaction that creates it). */
  async createInitial(companyId: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO deal_statuses (company_id, name, sort_order, is_default)
          SELECT ${companyId}, name, ord * 10, ord = 1 FROM unnest(${INITIAL_STATUSES}::text[]) WITH ORDINALITY s(name, ord)`,
    );
  }

  /**
   * Holds the company's pipeline until the transaction ends: status changes of one company run
   * one at a time, so a move of the default, a reorder or "last + 10" never races another.
   */
  async lock(companyId: string): Promise<void> {
    await this.db.one(sql`SELECT pg_advisory_xact_lock(hashtextextended('deal_statuses:' || ${companyId}, 0))`);
  }

  list(companyId: string, query: ListDealStatusesQueryDto): Promise<Page<DealStatusDto>> {
    const where = new Where(sql`s.company_id = ${companyId}`).contains(
      `(s.name || ' ' || coalesce(s.comment, ''))`,
      query.search,
    );
    return this.page('s', where, 's.sort_order, s.name, s.id', query);
  }

  all(companyId: string): Promise<DealStatusDto[]> {
    return this.db.rows(
      sql`SELECT ${this.returned} FROM deal_statuses WHERE company_id = ${companyId} ORDER BY ${raw(ORDER)}`,
    );
  }

  /** The company's default status (there is always exactly one). */
  async findDefault(companyId: string): Promise<DealStatusDto> {
    return (await this.db.one<DealStatusDto>(
      sql`SELECT ${this.returned} FROM deal_statuses WHERE company_id = ${companyId} AND is_default`,
    ))!;
  }

  /** The highest sort_order + 10 (10 for an empty pipeline). */
  async nextSortOrder(companyId: string): Promise<number> {
    const row = await this.db.one<{ next: number }>(
      sql`SELECT coalesce(max(sort_order), 0) + 10 AS next FROM deal_statuses WHERE company_id = ${companyId}`,
    );
    return row!.next;
  }

  /** Takes the default from whichever status has it, but `keep` (the next statement gives it to another). */
  async clearDefault(companyId: string, keep: string | null): Promise<void> {
    await this.db.affected(sql`UPDATE deal_statuses SET is_default = false, updated_at = now()
      WHERE company_id = ${companyId} AND is_default AND id IS DISTINCT FROM ${keep}::uuid`);
  }

  /** Sets sort_order 10, 20, … in the order of `ids` (every status of the company); updated_at moves where it changes. */
  async reorder(companyId: string, ids: string[]): Promise<void> {
    await this.db.affected(sql`UPDATE deal_statuses s
      SET sort_order = o.ord * 10, updated_at = CASE WHEN s.sort_order = o.ord * 10 THEN s.updated_at ELSE now() END
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY o(id, ord)
      WHERE s.id = o.id AND s.company_id = ${companyId}`);
  }
}
