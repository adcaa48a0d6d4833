import { Module, OnModuleInit } from '@nestjs/common';
import { CompaniesModule, CompanyLifecycle } from '../../companies/companies.face';
import { CrmModule } from '../crm/crm.face';
import { DocsModule } from '../docs/docs.face';
import { FinanceModule } from '../fm/finance.face';
import { HrmModule } from '../hrm/hrm.face';
import { WarehouseModule } from '../wm/warehouse.face';
import { DealAnalysisController } from './analysis/analysis.controller';
import { DealAnalysisRepository } from './analysis/analysis.repository';
import { DealsController } from './deals/deals.controller';
import { DealsRepository } from './deals/deals.repository';
import { DealsService } from './deals/deals.service';
import { InvoiceController } from './invoice/invoice.controller';
import { InvoiceRepository } from './invoice/invoice.repository';
import { InvoiceService } from './invoice/invoice.service';
import { DealTransactionsController } from './transactions/deal-transactions.controller';
import { DealTransactionsService } from './transactions/deal-transactions.service';
import { DealStatusesController } from './statuses/statuses.controller';
import { DealStatusesRepository } from './statuses/statuses.repository';
import { DealStatusesService } from './statuses/statuses.service';
import { DealTypesController } from './types/types.controller';
import { DealTypesRepository } from './types/types.repository';
import { DealTypesService } from './types/types.service';

/** Deals (dm, CONTRACT 16): types, the company's status pipeline, deals, analyses and invoices. See docs/deals.md. */
@Module({
  imports: [CompaniesModule, CrmModule, HrmModule, DocsModule, FinanceModule, WarehouseModule],
  controllers: [
    DealTypesController,
    DealStatusesController,
    DealsController,
    DealAnalysisController,
    InvoiceController,
    DealTransactionsController,
  ],
  providers: [
    DealTypesService,
    DealTypesRepository,
    DealStatusesService,
    DealStatusesRepository,
    DealsService,
    DealsRepository,
    DealAnalysisRepository,
    InvoiceService,
    InvoiceRepository,
    DealTransactionsService,
  ],
})
export class DealsModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: CompanyLifecycle,
    private readonly statuses: DealStatusesRepository,
  ) {}

  /** Every new company starts with the initial pipeline, in the transaction that creates it. */
  onModuleInit(): void {
    this.lifecycle.onCompanyCreated((companyId) => this.statuses.createInitial(companyId));
  }
}
