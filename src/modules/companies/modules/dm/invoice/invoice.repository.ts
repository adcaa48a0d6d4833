import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Db } from '../../../../../database/db';
import { raw, sql } from '../../../../../database/sql';
import { CLIENT_PROFILES } from '../../crm/crm.face';

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
          FROM ${raw(CLIENT_PROFILES)} c WHERE c.id = d.client_id) AS buyer,
        d.total_amount::text AS total, round(d.total_amount * 100)::bigint::text AS total_kopecks,
        coalesce((SELECT json_agg(json_build_object('name', p.name, 'quantity', p.quantity::text, 'unit', p.unit,
            'price', p.price::text, 'amount', round(p.price * p.quantity, 2)::text) ORDER BY p.created_at, p.id)
          FROM deal_positions p WHERE p.deal_id = d.id), '[]') AS lines
      FROM deals d WHERE d.id = ${dealId} AND d.company_id = ${companyId}`);
  }

  /**
   * The company's next invoice number in the current UTC year: the smallest one given back, else
   * one past the last. In a short transaction of its own (the counter row is locked only for
   * it), so a rendering or upload never holds the row; an invoice that then fails gives its
   * number back (`giveBack`): no gaps, no duplicates.
   */
  @Transactional()
  async takeNumber(companyId: string): Promise<{ year: number; sequence: number }> {
    const counter = (await this.db.one<{ year: number; last_number: number; returned_numbers: number[] }>(
      sql`INSERT INTO deal_invoice_counters (company_id, year, last_number)
          VALUES (${companyId}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 0)
          ON CONFLICT (company_id, year) DO UPDATE SET last_number = deal_invoice_counters.last_number
          RETURNING year, last_number, returned_numbers`,
    ))!;
    const sequence =
      counter.returned_numbers.length > 0 ? Math.min(...counter.returned_numbers) : counter.last_number + 1;
    await this.db.affected(sql`UPDATE deal_invoice_counters
      SET last_number = ${Math.max(sequence, counter.last_number)}, returned_numbers = array_remove(returned_numbers, ${sequence})
      WHERE company_id = ${companyId} AND year = ${counter.year}`);
    return { year: counter.year, sequence };
  }

  /**
   * Returns a number taken for an invoice that failed: the counter steps back over it (and over
   * numbers given back before it) when it is the last; otherwise the next invoice takes it.
   */
  @Transactional()
  async giveBack(companyId: string, year: number, sequence: number): Promise<void> {
    const counter = await this.db.one<{ last_number: number; returned_numbers: number[] }>(
      sql`SELECT last_number, returned_numbers FROM deal_invoice_counters
          WHERE company_id = ${companyId} AND year = ${year} FOR UPDATE`,
    );
    if (!counter) return;
    const returned = new Set([...counter.returned_numbers, sequence]);
    let last = counter.last_number;
    while (returned.delete(last)) last -= 1;
    await this.db.affected(sql`UPDATE deal_invoice_counters
      SET last_number = ${last}, returned_numbers = ${[...returned].sort((a, b) => a - b)}::int[]
      WHERE company_id = ${companyId} AND year = ${year}`);
  }

  async record(
    companyId: string,
    invoice: { deal_id: string; doc_id: string; year: number; sequence: number; number: string },
  ): Promise<void> {
    await this.db.affected(sql`INSERT INTO deal_invoices (company_id, deal_id, doc_id, year, sequence, number)
      VALUES (${companyId}, ${invoice.deal_id}, ${invoice.doc_id}, ${invoice.year}, ${invoice.sequence}, ${invoice.number})`);
  }
}
