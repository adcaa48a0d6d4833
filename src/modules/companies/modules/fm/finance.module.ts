import { Module, OnModuleInit } from '@nestjs/common';
import { CompaniesModule, CompanyLifecycle } from '../../companies/companies.face';
import { DocsModule } from '../docs/docs.face';
import { CounterpartiesModule } from '../cpm/counterparties.face';
import { FinanceAnalysisController } from './analysis/analysis.controller';
import { FinanceAnalysisRepository } from './analysis/analysis.repository';
import { TransactionCategoriesController } from './categories/categories.controller';
import { CategoriesRepository } from './categories/categories.repository';
import { CategoriesService } from './categories/categories.service';
import { CreditsController } from './credits/credits.controller';
import { CreditsRepository } from './credits/credits.repository';
import { CreditsService } from './credits/credits.service';
import { ForecastController } from './forecast/forecast.controller';
import { ForecastRepository } from './forecast/forecast.repository';
import { ForecastService } from './forecast/forecast.service';
import { FinanceReportController } from './report/finance-report.controller';
import { FinanceReportRepository } from './report/finance-report.repository';
import { FinanceReportService } from './report/finance-report.service';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';

/**
 * Finance (CONTRACT 14; docs/finance.md): categories, transactions, analyses, credits, forecast
 * and report. Exports TransactionsService for the deals module. The categories controller comes
 * first: its routes (`transactions/categories…`) must match before `transactions/:transactionId`.
 */
@Module({
  imports: [CompaniesModule, CounterpartiesModule, DocsModule],
  controllers: [
    TransactionCategoriesController,
    TransactionsController,
    FinanceAnalysisController,
    CreditsController,
    ForecastController,
    FinanceReportController,
  ],
  providers: [
    CategoriesService,
    CategoriesRepository,
    TransactionsService,
    TransactionsRepository,
    FinanceAnalysisRepository,
    CreditsService,
    CreditsRepository,
    ForecastService,
    ForecastRepository,
    FinanceReportService,
    FinanceReportRepository,
  ],
  exports: [TransactionsService],
})
export class FinanceModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: CompanyLifecycle,
    private readonly categories: CategoriesService,
  ) {}

  /** Every new company gets the four system categories, in the transaction that creates the company. */
  onModuleInit(): void {
    this.lifecycle.onCompanyCreated((companyId) => this.categories.createSystemCategories(companyId));
  }
}
