import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException, found } from '../../../core/http/app.exception';
import { MailOutbox } from '../../../core/mail/mail-outbox';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { CompaniesService, CompanyPlanPeriods, oneAhead } from '../companies/companies.face';
import { PlanCatalog, Promocodes, unusablePromocode } from '../plans/plans.face';
import { CompanyPricingDto, MigratePlanDto, PricingTransactionDto } from './dto/pricing.dto';
import { PricingRepository } from './pricing.repository';

const DAY_MS = 86_400_000;

/**
 * Plan purchases without a payment provider (CONTRACT 17): a purchase waits, pending, until an
 * administrator confirms it as paid, which changes the plan as PUT /companies/{id}/plan does.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly transactions: PricingRepository,
    private readonly plans: PlanCatalog,
    private readonly promocodes: Promocodes,
    private readonly companies: CompanyPlanPeriods,
    private readonly companiesService: CompaniesService,
    private readonly mail: MailOutbox,
  ) {}

  /** The company's plan, its period and the plan of a pending purchase (also the operators' console's answer). */
  async pricingOf(companyId: string): Promise<CompanyPricingDto> {
    const [period, pending] = await Promise.all([
      this.companies.planPeriod(companyId),
      this.transactions.pending(companyId),
    ]);
    const { plan_code, plan_started_at, plan_expires_at, plan_is_trial } = found(period, 'Company');
    const expires = plan_expires_at.getTime();
    return {
      is_trial: plan_is_trial,
      expires_at: plan_expires_at,
      days_left: Math.max(0, Math.ceil((expires - Date.now()) / DAY_MS)),
      days_total: Math.max(0, Math.round((expires - plan_started_at.getTime()) / DAY_MS)),
      current_plan: (await this.plans.byCode(plan_code))!,
      next_plan: pending ? await this.plans.byCode(pending.plan_code) : null,
    };
  }

  async migrate(auth: AuthContext, access: CompanyAccess, dto: MigratePlanDto): Promise<PricingTransactionDto> {
    const plan = await this.plans.byCode(dto.plan_code);
    if (!plan) throw AppException.validation([{ field: 'plan_code', message: 'is not a plan code' }]);
    const period = dto.period ?? 'month';
    if (dto.promocode !== undefined) return this.startTrial(auth, access, plan.code, dto.promocode, period);
    const created = await this.transactions.createPending({
      company_id: access.companyId,
      account_id: auth.account.id,
      amount: period === 'month' ? plan.price_per_month : plan.price_per_year,
      currency: plan.price_currency,
      plan_code: plan.code,
      period,
      expires_at: oneAhead(period),
    });
    if (!created) {
      throw AppException.conflict(
        'The company already has a pending plan purchase; revoke it or wait for it to be confirmed',
      );
    }
    await this.mail.toAdministrators('purchase_waiting', {
      company: await this.companies.nameOf(access.companyId),
      company_id: access.companyId,
      plan: plan.name,
      amount: `${created.amount} ${created.currency}`,
    });
    return created;
  }

  /**
   * A promocode's trial, in the route's audited transaction: the use is counted (exactly, see
   * Promocodes.redeem), the plan changes at once, and the answer is a free transaction already
   * settled.
   */
  private async startTrial(
    auth: AuthContext,
    access: CompanyAccess,
    planCode: string,
    promocode: string,
    period: string,
  ): Promise<PricingTransactionDto> {
    const redeemed = await this.promocodes.redeem(promocode);
    if (!redeemed) throw unusablePromocode();
    if (redeemed.plan_code !== planCode) {
      throw unusablePromocode(`is for the plan '${redeemed.plan_code}', not '${planCode}'`);
    }
    const expiresAt = new Date(Date.now() + redeemed.trial_period_days * 86_400_000);
    await this.companiesService.startTrial(access.companyId, planCode, expiresAt);
    return this.transactions.createTrial({
      company_id: access.companyId,
      account_id: auth.account.id,
      amount: 0,
      currency: (await this.plans.byCode(planCode))!.price_currency,
      plan_code: planCode,
      period,
      expires_at: expiresAt,
    });
  }

  list(access: CompanyAccess, query: PageQueryDto): Promise<Page<PricingTransactionDto>> {
    return this.transactions.list(access.companyId, query);
  }

  async revoke(access: CompanyAccess, id: string): Promise<PricingTransactionDto> {
    if (!(await this.transactions.settle(access.companyId, id, 'revoked'))) throw await this.notPending(access, id);
    return (await this.transactions.find(access.companyId, id))!;
  }

  /** Marks the purchase paid and changes the plan as PUT /plan does, in the route's one transaction. */
  async confirm(access: CompanyAccess, id: string): Promise<PricingTransactionDto> {
    const transaction = found(await this.transactions.find(access.companyId, id), 'Transaction');
    if (transaction.status !== 'pending') throw await this.notPending(access, id);
    const changed = await this.companiesService.changePlan(access, {
      code: transaction.plan_code,
      period: transaction.period as 'month' | 'year',
    });
    if (!(await this.transactions.settle(access.companyId, id, 'success', changed.expires_at))) {
      throw await this.notPending(access, id);
    }
    const plan = await this.plans.byCode(transaction.plan_code);
    await this.mail.toAccount('purchase_confirmed', await this.companies.ownerOf(access.companyId), {
      company: await this.companies.nameOf(access.companyId),
      company_id: access.companyId,
      plan: plan?.name ?? transaction.plan_code,
    });
    return (await this.transactions.find(access.companyId, id))!;
  }

  private async notPending(access: CompanyAccess, id: string): Promise<AppException> {
    const transaction = found(await this.transactions.find(access.companyId, id), 'Transaction');
    return AppException.conflict(`The transaction is ${transaction.status}; only a pending one can change`);
  }
}
