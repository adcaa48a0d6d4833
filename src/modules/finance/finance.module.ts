import { Module, OnModuleInit } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { CompanyLifecycle } from '../companies/company-lifecycle';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesRepository } from './categories/categories.repository';
import { CategoriesService } from './categories/categories.service';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';

/**
 * Finance (CONTRACT 14; docs/finance.md): categories, transactions, analyses, credits, forecast
 * and report. Exports TransactionsService for the deals module. The categories controller comes
 * first: its routes (`transactions/categories…`) must match before `transactions/:transactionId`.
 */
@Module({
  imports: [CompaniesModule],
  controllers: [CategoriesController, TransactionsController],
  providers: [CategoriesService, CategoriesRepository, TransactionsService, TransactionsRepository],
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
