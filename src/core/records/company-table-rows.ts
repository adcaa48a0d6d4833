import { Db } from '../../database/db';
import { raw, Sql, sql } from '../../database/sql';
import type { ColumnName, Row, Table } from '../../database/table';

/**
 * The plain reads and writes of one company-owned table, each row answered as `returned`
 * selects it: an insert, one row by id, a change of the fields sent (of `changeable` only, when
 * given), a status set as asked. None reaches another company's rows. A resource's repository
 * extends it and adds what is its own (its list, its rules).
 */
export abstract class CompanyTableRows<E, Dto> {
  protected constructor(
    protected readonly db: Db,
    private readonly table: Table<E>,
    private readonly returned: Sql,
    private readonly changeable?: readonly ColumnName<E>[],
  ) {}

  async create(companyId: string, row: Partial<Row<E>>): Promise<Dto> {
    const owned = { ...row, company_id: companyId } as Partial<Row<E>>;
    return (await this.db.one<Dto>(sql`${this.table.insert(owned)} RETURNING ${this.returned}`))!;
  }

  findOne(companyId: string, id: string): Promise<Dto | null> {
    return this.db.one<Dto>(
      sql`SELECT ${this.returned} FROM ${raw(this.table.name)} WHERE id = ${id} AND company_id = ${companyId}`,
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
}
