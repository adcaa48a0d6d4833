import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** A deal as its invoice shows it: every figure as exact decimal text (never a float). */
export interface InvoiceDeal {
  buyer: string | null;
  total: string;
  total_kopecks: string;
  lines: Array<{ name: string; quantity: string; unit: string; price: string; amount: string }>;
}

@Injectable()
export class InvoiceRepository {
  constructor(private readonly db: Db) {}

  /** The deal's buyer, lines (in order) and total; null when there is no such deal. */
  invoiceDeal(companyId: string, dealId: string): Promise<InvoiceDeal | null> {
    return this.db.one(sql`SELECT
        (SELECT c.first_name || coalesce(' ' || c.patronymic, '') || coalesce(' ' || c.last_name, '')
          FROM crm_clients c WHERE c.id = d.client_id) AS buyer,
        d.total_amount::text AS total, round(d.total_amount * 100)::bigint::text AS total_kopecks,
        coalesce((SELECT json_agg(json_build_object('name', p.name, 'quantity', p.quantity::text, 'unit', p.unit,
            'price', p.price::text, 'amount', round(p.price * p.quantity, 2)::text) ORDER BY p.created_at, p.id)
          FROM deal_positions p WHERE p.deal_id = d.id), '[]') AS lines
      FROM deals d WHERE d.id = ${dealId} AND d.company_id = ${companyId}`);
  }

  /**
   * The company's next invoice number in the current UTC year. The counter row stays locked
   * until the transaction ends, so concurrent invoices queue here, and a rollback returns the
   * number: no gaps, no duplicates.
   */
  async takeNumber(companyId: string): Promise<{ year: number; sequence: number }> {
    return (await this.db.one<{ year: number; sequence: number }>(
      sql`INSERT INTO deal_invoice_counters (company_id, year, last_number)
          VALUES (${companyId}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
          ON CONFLICT (company_id, year) DO UPDATE SET last_number = deal_invoice_counters.last_number + 1
          RETURNING year, last_number AS sequence`,
    ))!;
  }

  async record(
    companyId: string,
    invoice: { deal_id: string; doc_id: string; year: number; sequence: number; number: string },
  ): Promise<void> {
    await this.db.affected(sql`INSERT INTO deal_invoices (company_id, deal_id, doc_id, year, sequence, number)
      VALUES (${companyId}, ${invoice.deal_id}, ${invoice.doc_id}, ${invoice.year}, ${invoice.sequence}, ${invoice.number})`);
  }
}
