import { Injectable } from '@nestjs/common';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';

/**
 * What other modules may ask of the warehouse about rows their bodies name (deal positions'
 * `unit_id` and `position_id`): whether the row is the company's. A row of another company
 * answers false, like an unknown id, so the caller's 400 never tells the two apart (CONTRACT 12).
 */
@Injectable()
export class WarehouseReferences {
  constructor(private readonly db: Db) {}

  /** Whether `unitId` is a catalog unit of the company (any status or type). */
  async unitBelongs(companyId: string, unitId: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM catalog_units WHERE id = ${unitId} AND company_id = ${companyId}`)) !== null
    );
  }

  /** Whether `positionId` is a stock position of the company (spent or not). */
  async positionBelongs(companyId: string, positionId: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM stock_positions WHERE id = ${positionId} AND company_id = ${companyId}`)) !==
      null
    );
  }
}
