import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { StagedWrite } from '../../../../../core/audit/staged-write';
import { AppException, found } from '../../../../../core/http/app.exception';
import { StorageService } from '../../../../../core/storage/storage.service';
import { type DocDto, type DocsSettingsDto, DocsSettingsReader, DocumentGenerator } from '../../docs/docs.face';
import type { CreateInvoiceDto, InvoiceDocDto } from './invoice.dto';
import { invoiceDrawing, InvoiceData } from './invoice-drawing';
import { InvoiceDeal, InvoiceRepository } from './invoice.repository';
import { paymentText, qrMatrix } from './payment-qr';

/** The seller's requisites an invoice cannot go without (CONTRACT 16). */
export const SELLER_FIELDS = ['legal_name', 'inn', 'bank_name', 'bank_bic', 'bank_account'] as const;
type Seller = DocsSettingsDto & { [K in (typeof SELLER_FIELDS)[number]]: string };

const UNIT_NAMES: Record<string, string> = { pcs: 'шт', kg: 'кг', g: 'г', l: 'л', ml: 'мл', m: 'м', cm: 'см' };

/** `1234567.5` → `1 234 567,50` (money: always two decimals); text in, text out. */
function money(decimal: string): string {
  const [integer, fraction = ''] = decimal.split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** `1.500` → `1,5`: a quantity without trailing zeros. */
function quantity(decimal: string): string {
  return decimal.replace(/\.?0+$/, '').replace('.', ',');
}

/** `2026-11-23` → `23.11.2026`. */
const russianDate = (isoDay: string) => isoDay.split('-').reverse().join('.');

/**
 * Invoices (CONTRACT 16): a PDF built from the deal (its lines, total and client as the buyer)
 * and the company's docs settings (the seller), with a GOST R 56042-2014 payment QR code. The
 * number is taken in a short transaction of its own (InvoiceRepository.takeNumber) and given
 * back when the invoice fails, so a refused or failed invoice uses none. See docs/deals.md,
 * "Invoices".
 */
@Injectable()
export class InvoiceService {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly settings: DocsSettingsReader,
    private readonly generator: DocumentGenerator,
    private readonly storage: StorageService,
  ) {}

  /**
   * Checks, takes a number, draws and stores the PDF, all before the audited transaction, which
   * then only writes the Doc and invoice rows: no store call ever waits under a lock or an open
   * transaction. A failure after the number was taken gives it back.
   */
  async issue(company: CompanyAccess, dealId: string, dto: CreateInvoiceDto): Promise<StagedWrite<InvoiceDocDto>> {
    const companyId = company.companyId;
    this.storage.assertAvailable();
    const deal = found(await this.invoices.invoiceDeal(companyId, dealId), 'Deal');
    if (deal.lines.length === 0) throw AppException.conflict('The deal has no positions to invoice');
    const seller = this.requireSeller(await this.settings.find(companyId));
    const { year, sequence } = await this.invoices.takeNumber(companyId);
    const number = `${year}-${sequence}`;
    const giveBack = () => this.invoices.giveBack(companyId, year, sequence);
    let doc: StagedWrite<DocDto>;
    try {
      doc = await this.generator.draw(companyId, {
        module: 'dm',
        type: 'invoice',
        comment: dto.comment,
        name: { kind: 'invoice', label: number },
        drawing: invoiceDrawing(this.content(deal, seller, number, dto)),
      });
    } catch (error) {
      await giveBack();
      throw error;
    }
    return new StagedWrite(
      async () => {
        const invoice = await doc.commit();
        await this.invoices.record(companyId, { deal_id: dealId, doc_id: invoice.id, year, sequence, number });
        return { ...invoice, number };
      },
      async () => {
        await doc.abandon();
        await giveBack();
      },
    );
  }

  /** 409 with one detail per seller requisite the docs settings lack. */
  private requireSeller(settings: DocsSettingsDto | null): Seller {
    const missing = SELLER_FIELDS.filter((field) => !settings?.[field]);
    if (missing.length > 0) {
      throw new AppException(
        'conflict',
        'The docs settings lack seller requisites an invoice needs',
        missing.map((field) => ({ field, message: 'must be set in the docs settings to issue an invoice' })),
      );
    }
    return settings as Seller;
  }

  private content(deal: InvoiceDeal, seller: Seller, number: string, dto: CreateInvoiceDto): InvoiceData {
    const today = new Date().toISOString().slice(0, 10);
    const order = {
      name: seller.legal_name,
      personalAcc: seller.bank_account,
      bankName: seller.bank_name,
      bic: seller.bank_bic,
      correspAcc: null,
      payeeInn: seller.inn,
      sumKopecks: deal.total_kopecks,
      purpose: `Оплата по счёту № ${number}`,
    };
    return {
      title: `Счёт на оплату № ${number} от ${russianDate(today)}`,
      seller: [
        seller.legal_name,
        [`ИНН ${seller.inn}`, seller.ogrn && `ОГРН ${seller.ogrn}`].filter(Boolean).join(', '),
        ...(seller.legal_address ? [seller.legal_address] : []),
      ],
      bank: [seller.bank_name, `БИК ${seller.bank_bic}`, `Сч. № ${seller.bank_account}`],
      buyer: deal.buyer ?? '—',
      lines: deal.lines.map((line) => ({
        name: line.name,
        quantity: quantity(line.quantity),
        unit: UNIT_NAMES[line.unit] ?? line.unit,
        price: money(line.price),
        amount: money(line.amount),
      })),
      total: money(deal.total),
      summary: `Всего наименований ${deal.lines.length}, на сумму ${money(deal.total)} руб.`,
      due: dto.due_date ? `Оплатить до ${russianDate(dto.due_date)}` : null,
      comment: dto.comment ?? null,
      signatures: [
        ...(seller.director_name ? [`Руководитель ____________ ${seller.director_name}`] : []),
        ...(seller.accountant_name ? [`Бухгалтер ____________ ${seller.accountant_name}`] : []),
      ],
      qr: qrMatrix(paymentText(order)),
      qrCaption: 'Оплата по QR-коду (ГОСТ Р 56042-2014)',
    };
  }
}
