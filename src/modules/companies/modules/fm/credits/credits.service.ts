import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { refusedChanges } from '../../../../../core/http/tolerances';
import { CurrencyCode } from '../../../../../core/money/currencies';
import { assertAmountFits } from '../../../../../core/money/money.validators';
import { Page } from '../../../../../core/pagination/page';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { CounterpartyReferences } from '../../cpm/counterparties.face';
import { TransactionDetailDto, TransactionDto } from '../transactions/dto/transaction.dto';
import { TransactionsService } from '../transactions/transactions.service';
import type {} from './credit.entity';
import { CreditsRepository } from './credits.repository';
import { CreateCreditDto, CreditDto, PayCreditDto, UpdateCreditDto } from './dto/credit.dto';

/** How a payment is booked: a debt is paid out (expense, `dept`), a credit paid in (income, `credit`). */
const PAYMENT = {
  debt: { direction: 'expense', category: 'dept' },
  credit: { direction: 'income', category: 'credit' },
} as const;

@Injectable()
export class CreditsService extends StatusCompanyRecords<CreditsRepository> {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly counterparties: CounterpartyReferences,
    private readonly transactions: TransactionsService,
  ) {
    super(credits, 'Credit');
  }

  async create(company: CompanyAccess, dto: CreateCreditDto): Promise<CreditDto> {
    await this.requireCounterparty(company.companyId, dto.counterparty_id);
    return this.credits.create(company.companyId, dto);
  }

  /**
   * Changes a credit under its row lock: the dates stay ordered (400 naming end_date), the
   * amount fits the credit's currency (400), and the total never goes below what is paid (409).
   */
  async update(company: CompanyAccess, id: string, dto: UpdateCreditDto): Promise<CreditDto> {
    const credit = found(await this.credits.lock(company.companyId, id), 'Credit');
    const refused = refusedChanges(dto, credit);
    if (refused.length > 0) throw AppException.validation(refused);
    if (dto.total_amount !== undefined)
      assertAmountFits(dto.total_amount, credit.currency as CurrencyCode, 'total_amount');
    if ((dto.end_date ?? credit.end_date) < (dto.start_date ?? credit.start_date)) {
      throw AppException.validation([{ field: 'end_date', message: 'must not be before start_date' }]);
    }
    if (dto.counterparty_id !== undefined && dto.counterparty_id !== credit.counterparty.id) {
      await this.requireCounterparty(company.companyId, dto.counterparty_id);
    }
    if (dto.total_amount !== undefined && (await this.credits.belowPaid(company.companyId, id, dto.total_amount))) {
      throw AppException.conflict(`total_amount cannot be below the paid amount (${credit.paid_amount})`);
    }
    return (await this.credits.update(company.companyId, id, { ...dto, currency: undefined }))!;
  }

  /** The credit's payments and their reversals, newest first. */
  transactionsOf(company: CompanyAccess, id: string, query: PageQueryDto): Promise<Page<TransactionDto>> {
    return this.transactions.list(company.companyId, query, { creditId: id });
  }

  /**
   * Pays a credit: a completed transaction in the credit's currency on its system category,
   * dated paid_at. Payments of one credit are serialised by its row lock, so the paid amount
   * never exceeds the total, whatever the concurrency.
   */
  async pay(company: CompanyAccess, id: string, dto: PayCreditDto): Promise<TransactionDetailDto> {
    if (Date.parse(dto.paid_at) > Date.now()) {
      throw AppException.validation([{ field: 'paid_at', message: 'must not be in the future' }]);
    }
    await this.transactions.checkReferences(company.companyId, { employee_id: dto.employee_id });
    const credit = found(await this.credits.lock(company.companyId, id, dto.amount), 'Credit');
    assertAmountFits(dto.amount, credit.currency as CurrencyCode, 'amount');
    if (credit.status !== 'active') throw AppException.conflict('Only an active credit can be paid');
    if (credit.exceeds) {
      throw new AppException('limit_exceeded', `amount exceeds the remaining amount (${credit.remaining_amount})`);
    }
    const payment = PAYMENT[credit.type as keyof typeof PAYMENT];
    const category = await this.transactions.categoryBySlug(company.companyId, payment.category);
    return this.transactions.create(
      company.companyId,
      {
        base_amount: dto.amount,
        currency: credit.currency as CurrencyCode,
        direction: payment.direction,
        category_id: category.id,
        employee_id: dto.employee_id,
        comment: dto.comment,
      },
      { creditId: id, createdAt: dto.paid_at },
    );
  }

  /** A credit's counterparty must be an active one of the company: 400 otherwise. */
  private async requireCounterparty(companyId: string, counterpartyId: string): Promise<void> {
    if (!(await this.counterparties.isActive(companyId, counterpartyId))) {
      throw AppException.validation([
        { field: 'counterparty_id', message: 'must be an active counterparty of this company' },
      ]);
    }
  }
}
