import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListUnitsQueryDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { CatalogUnitEntity } from './unit.entity';
import { ANSWERED, CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const units = new Table(CatalogUnitEntity);
/** A unit (aliased `alias`) as a JSON object, the same fields as UnitDto: a position's `unit`. */
export const unitJson = (alias: string) => units.json(alias, ANSWERED);

@Injectable()
export class UnitsRepository extends CompanyTableRows<CatalogUnitEntity, UnitDto> {
  constructor(db: Db) {
    super(db, units);
  }

  list(companyId: string, query: ListUnitsQueryDto): Promise<Page<UnitDto>> {
    const where = new Where(sql`u.company_id = ${companyId}`)
      .equals('u.type', query.type)
      .equals('u.status', query.status)
      .equals('u.inventory_type', query.inventory_type)
      .equals('u.tracking_detail', query.tracking_detail)
      .equals('u.category_id', query.category_id)
      .contains(`(u.name || ' ' || coalesce(u.comment, ''))`, query.search);
    return this.page('u', where, 'u.name, u.id', query);
  }

  /** The unit, its row locked until the transaction ends (stock batches lock it too). */
  findForUpdate(companyId: string, id: string): Promise<UnitDto | null> {
    return this.db.one(
      sql`SELECT ${this.returned} FROM catalog_units WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
    );
  }

  /** Whether the unit has stock: a position with something remaining (its stock settings are then frozen). */
  async hasStock(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(
        sql`SELECT 1 FROM stock_positions WHERE company_id = ${companyId} AND unit_id = ${id} AND remaining > 0 LIMIT 1`,
      )) !== null
    );
  }

  /** Changes the fields sent (updated_at with them). */
  async update(companyId: string, id: string, changes: UpdateUnitDto): Promise<UnitDto> {
    const set = units.assignments(changes);
    if (!set) return (await this.findOne(companyId, id))!;
    return (await this.db.one<UnitDto>(
      sql`UPDATE catalog_units SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${this.returned}`,
    ))!;
  }
}
