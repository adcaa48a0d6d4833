import { Injectable } from '@nestjs/common';
import type { CompanySummaryDto, SummaryQueryDto } from './dto/summary.dto';
import { SummaryRepository } from './summary.repository';

/** The company's dashboard (CONTRACT 24): counts and the balance in the asked currency, never converted. */
@Injectable()
export class SummaryService {
  constructor(private readonly figures: SummaryRepository) {}

  async summary(companyId: string, query: SummaryQueryDto): Promise<CompanySummaryDto> {
    const [counts, balances] = await Promise.all([this.figures.counts(companyId), this.figures.balances(companyId)]);
    const asked = balances.find((balance) => balance.currency === query.currency);
    return {
      ...counts,
      balance_income: asked?.balance_income ?? 0,
      balance_expense: asked?.balance_expense ?? 0,
      balance_total: asked?.balance_total ?? 0,
      balance_count: asked?.balance_count ?? 0,
      currency: query.currency,
      other_currencies: balances.filter((balance) => balance.currency !== query.currency),
    };
  }
}
