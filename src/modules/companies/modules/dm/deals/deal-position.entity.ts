import { Check, Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { DealEntity } from './deal.entity';
import { Reference } from '../../../../../database/company-reference';
import { DEAL_PRICE_COLUMN, NumericColumn, QUANTITY_COLUMN } from '../../../../../core/money/numeric-columns';

export const POSITION_UNITS = ['pcs', 'kg', 'g', 'l', 'ml', 'm', 'cm'] as const;
export type PositionUnit = (typeof POSITION_UNITS)[number];

/**
 * A line of a deal: a price in RUB (2 decimals) times a quantity (3 decimals), optionally naming
 * a catalog unit or a stock position of the company (at most one of the two). Read by deal in
 * creation order; the trigram index for `search` over names is created by hand in the migration.
 */
@Entity('deal_positions')
@Index('deal_positions_company_id_idx', ['company_id'])
@Index('deal_positions_deal_created_at_idx', ['deal_id', 'created_at', 'id'])
@Index('deal_positions_name_trgm_idx', { synchronize: false })
@Check('deal_positions_one_reference_check', 'unit_id IS NULL OR position_id IS NULL')
export class DealPositionEntity extends CompanyOwnedEntity {
  @Column({ type: 'uuid', update: false })
  deal_id: string;

  @Reference(() => DealEntity, 'CASCADE') deal?: DealEntity;

  @Column({ type: 'varchar', length: 300 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @NumericColumn(DEAL_PRICE_COLUMN)
  price: number;

  @NumericColumn(QUANTITY_COLUMN)
  quantity: number;

  @Column({ type: 'varchar', length: 8, default: 'pcs' })
  unit: string;

  @Column({ type: 'uuid', nullable: true })
  unit_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  position_id: string | null;
}
