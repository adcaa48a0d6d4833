import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { DealEntity } from '../deals/deal.entity';
import { OwningCompany, Reference } from '../../../../../database/company-reference';

/**
 * The last invoice number a company used in a UTC year, and the numbers taken by invoices that
 * then failed (given back, taken again first), so numbers run without gaps. Taking one locks
 * this row for a short transaction of its own, never across rendering or upload.
 */
@Entity('deal_invoice_counters')
export class DealInvoiceCounterEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  @PrimaryColumn({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  last_number: number;

  /** Numbers given back by invoices that failed after taking them, ascending. */
  @Column({ type: 'int', array: true, default: '{}' })
  returned_numbers: number[];
}

/** An issued invoice: its number, its document and the deal it was built from (null once deleted). */
@Entity('deal_invoices')
@Index('deal_invoices_company_number_key', ['company_id', 'year', 'sequence'], { unique: true })
@Index('deal_invoices_deal_idx', ['deal_id'])
export class DealInvoiceEntity extends CompanyOwnedEntity {
  @Column({ type: 'uuid', nullable: true })
  deal_id: string | null;

  @Reference(() => DealEntity, 'SET NULL') deal?: DealEntity;

  @Column({ type: 'uuid' })
  doc_id: string;

  @Reference('docs', 'CASCADE') doc?: unknown;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  sequence: number;

  /** `<year>-<sequence>`. */
  @Column({ type: 'varchar', length: 16 })
  number: string;
}
