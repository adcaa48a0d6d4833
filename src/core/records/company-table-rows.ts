import { Db } from '../../database/db';
import { listPage, type Where } from '../pagination/list';
import type { Page } from '../pagination/page';
import type { PageQueryDto } from '../pagination/page-query.dto';
import { raw, Sql, sql } from '../../database/sql';
import type { ColumnName, Columns, Row, Table } from '../../database/table';

/** What a company resource's answer holds of its row: every column but the company. */
export const ANSWERED = { except: ['company_id'] } as const;

/**
 * The plain reads and writes of one company-owned table, each row answered as the API shows it
 * (every column but the company): an insert, one row by id, whether it exists, a change of the
 * fields sent (of `changeable` only, when given), a status set as asked, a delete. None reaches
 * another company's rows. A resource's repository extends it and adds what is its own (its
 * list, its rules).
 */
export abstract class CompanyTableRows<E, Dto> {
  // ANSWERED, in the columns of this table.
  private readonly answered: Columns<E> = { except: ['company_id' as ColumnName<E>] };
  /** A row as answered, for a statement's SELECT list or RETURNING. */
  protected readonly returned: Sql;

  protected constructor(
    protected readonly db: Db,
    private readonly table: Table<E>,
    private readonly changeable?: readonly ColumnName<E>[],
  ) {
    this.returned = table.select(undefined, this.answered);
  }

  /** The same columns of alias `alias` for a list's select (timestamps as their RFC 3339 text). */
  protected answer(alias: string): string {
    return this.table.answer(alias, this.answered);
  }

  /**
   * A page of the company's rows as answered: the table under `alias`, filtered by `where` (which
   * names the company), in `orderBy` (which ends with the id), keyed by the id.
   */
  protected page(alias: string, where: Where, orderBy: string, query: PageQueryDto): Promise<Page<Dto>> {
    return listPage(
      this.db,
      { from: `${this.table.name} ${alias}`, where, orderBy, key: [`${alias}.id`], select: this.answer(alias) },
      query,
    );
  }

  async create(companyId: string, row: Partial<Row<E>>): Promise<Dto> {
    const owned = { ...row, company_id: companyId } as Partial<Row<E>>;
    return (await this.db.one<Dto>(sql`${this.table.insert(owned)} RETURNING ${this.returned}`))!;
  }

  findOne(companyId: string, id: string): Promise<Dto | null> {
    return this.db.one<Dto>(
      sql`SELECT ${this.returned} FROM ${raw(this.table.name)} WHERE id = ${id} AND company_id = ${companyId}`,
    );
  }

  /** Whether `id` is a row of the company. */
  async exists(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM ${raw(this.table.name)} WHERE id = ${id} AND company_id = ${companyId}`)) !==
      null
    );
  }

  /** Changes the fields sent (updated_at with them). Null when the company has no such row. */
  update(companyId: string, id: string, changes: Partial<Row<E>>): Promise<Dto | null> {
    const set = this.table.assignments(changes, this.changeable);
    if (!set) return this.findOne(companyId, id);
    return this.db.one<Dto>(
      sql`UPDATE ${raw(this.table.name)} SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${this.returned}`,
    );
  }

  /** Sets the status; updated_at moves only when it changes. Null when the company has no such row. */
  setStatus(companyId: string, id: string, status: string): Promise<Dto | null> {
    return this.db.one<Dto>(sql`${this.table.setStatus(companyId, id, status)} RETURNING ${this.returned}`);
  }

  /** Deletes the row; false when the company has none. A foreign key that refuses is the caller's to answer. */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`DELETE FROM ${raw(this.table.name)} WHERE id = ${id} AND company_id = ${companyId}`,
      )) > 0
    );
  }
}
