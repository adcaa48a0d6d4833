import { Module, OnModuleInit } from '@nestjs/common';
import { CompaniesModule, CompanyLifecycle } from '../../companies/companies.face';
import { DocsModule } from '../docs/docs.face';
import { ClientReferences } from './client-ports';
import { CrmAnalysisController } from './analysis/analysis.controller';
import { CrmAnalysisRepository } from './analysis/analysis.repository';
import { ClientsController } from './clients/clients.controller';
import { ClientsRepository } from './clients/clients.repository';
import { ClientsService } from './clients/clients.service';
import { CrmReportController } from './report/crm-report.controller';
import { CrmReportRepository } from './report/crm-report.repository';
import { CrmReportService } from './report/crm-report.service';
import { SourcesController } from './sources/sources.controller';
import { SourcesRepository } from './sources/sources.repository';
import { SourcesService } from './sources/sources.service';

/** CRM: client sources, clients and their analytics (spec 4.6, CONTRACT 9, 17). See docs/crm.md. */
@Module({
  imports: [CompaniesModule, DocsModule],
  controllers: [SourcesController, ClientsController, CrmAnalysisController, CrmReportController],
  providers: [
    SourcesService,
    SourcesRepository,
    ClientsService,
    ClientsRepository,
    CrmAnalysisRepository,
    CrmReportService,
    CrmReportRepository,
    { provide: ClientReferences, useExisting: ClientsRepository },
  ],
  exports: [ClientReferences],
})
export class CrmModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: CompanyLifecycle,
    private readonly sources: SourcesService,
  ) {}

  /** Every new company gets its system source, in the transaction that creates the company. */
  onModuleInit(): void {
    this.lifecycle.onCompanyCreated((companyId) => this.sources.createSystemSource(companyId));
  }
}
