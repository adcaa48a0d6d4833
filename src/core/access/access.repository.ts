import { Injectable, Type } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql, raw } from '../../database/sql';
import { Table } from '../../database/table';

@Injectable()
export class AccessRepository {
  private readonly tables = new Map<Type, string>();

  constructor(private readonly db: Db) {}

  /** Whether the entity's table has the row `id` in this company (a route declaration names the entity). */
  async exists(entity: Type, id: string, companyId: string): Promise<boolean> {
    const table = this.tableOf(entity);
    const row = await this.db.one(
      sql`SELECT 1 FROM ${raw(table)} WHERE id = ${id} AND company_id = ${companyId}`,
      `access-exists-${table}`,
    );
    return row !== null;
  }

  private tableOf(entity: Type): string {
    let name = this.tables.get(entity);
    if (!name) {
      name = new Table(entity).name;
      this.tables.set(entity, name);
    }
    return name;
  }
}
