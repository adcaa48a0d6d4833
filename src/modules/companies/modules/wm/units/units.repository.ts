import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListUnitsQueryDto, UnitDto, UpdateUnitDto } from './dto/unit.dto';
import { CatalogUnitEntity } from './unit.entity';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const units = new Table(CatalogUnitEntity);
/** A unit as the API shows it (UnitDto): every column but the company. */
const UNIT_COLUMNS = { except: ['company_id'] } as const;
const UNIT = units.select(undefined, UNIT_COLUMNS);

/** A unit (aliased `alias`) as a JSON object, the same fields as UnitDto: a position's `unit`. */
export const unitJson = (alias: string) => units.json(alias, UNIT_COLUMNS);

@Injectable()
export class UnitsRepository extends CompanyTableRows<CatalogUnitEntity, UnitDto> {
  constructor(db: Db) {
    super(db, units, UNIT);
  }

  list(companyId: string, query: ListUnitsQueryDto): Promise<Page<UnitDto>> {
    return listPage(
      this.db,
      {
        from: 'catalog_units u',
        where: new Where(sql`u.company_id = ${companyId}`)
          .equals('u.type', query.type)
          .equals('u.status', query.status)
          .equals('u.inventory_type', query.inventory_type)
          .equals('u.tracking_detail', query.tracking_detail)
          .equals('u.category_id', query.category_id)
          .contains(`(u.name || ' ' || coalesce(u.comment, ''))`, query.search),
        orderBy: 'u.name, u.id',
        key: ['u.id'],
        select: units.answer('u', UNIT_COLUMNS),
      },
      query,
    );
  }

  /** The unit, its row locked until the transaction ends (stock batches lock it too). */
  findForUpdate(companyId: string, id: string): Promise<UnitDto | null> {
    return this.db.one(
      sql`SELECT ${UNIT} FROM catalog_units WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
    );
  }

  /** Whether `id` is a unit of the company. */
  async exists(companyId: string, id: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM catalog_units WHERE id = ${id} AND company_id = ${companyId}`)) !== null
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
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${UNIT}`,
    ))!;
  }
}
