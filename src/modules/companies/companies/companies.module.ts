import { Global, Module } from '@nestjs/common';
import { CompanyStandings } from '../../../core/access/company-standing';
import { DatabaseQuota } from '../../../core/limits/database-quota';
import { AccountsModule, AccountSummaryCounts } from '../../account/accounts/accounts.face';
import { PlansModule } from '../plans/plans.face';
import { CompaniesController, VisitCardsController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompanyDeletionRepository } from './company-deletion.repository';
import { CompanyDirectory } from './company-directory';
import { CompanyStandingsRepository } from './company-standings.repository';
import { CompanyUsageRepository } from './company-usage.repository';
import { CompaniesService } from './companies.service';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyNames, CompanyObjectCounters, CompanyPlanPeriods } from './company-ports';
import { CompanyPurger } from './company-purger';
import { DatabaseQuotaService } from './database-quota.service';
import { MemberGrants } from './member-grants';

/** Global because core's company guard, audit trail and database quota read company figures through it. */
@Global()
@Module({
  imports: [AccountsModule, PlansModule],
  controllers: [CompaniesController, VisitCardsController],
  providers: [
    CompaniesService,
    CompaniesRepository,
    CompanyDeletionRepository,
    CompanyDirectory,
    CompanyUsageRepository,
    CompanyLifecycle,
    CompanyPurger,
    MemberGrants,
    { provide: CompanyStandings, useClass: CompanyStandingsRepository },
    { provide: DatabaseQuota, useClass: DatabaseQuotaService },
    { provide: CompanyObjectCounters, useExisting: CompanyUsageRepository },
    { provide: CompanyPlanPeriods, useExisting: CompaniesRepository },
    { provide: CompanyNames, useExisting: CompaniesRepository },
  ],
  exports: [
    CompanyDirectory,
    CompanyLifecycle,
    CompanyStandings,
    CompaniesRepository,
    CompaniesService,
    DatabaseQuota,
    CompanyObjectCounters,
    CompanyPlanPeriods,
    CompanyNames,
    MemberGrants,
  ],
})
export class CompaniesModule {
  constructor(summary: AccountSummaryCounts, companies: CompaniesRepository) {
    summary.register('organizations_count', (account) => companies.countForMember(account.id));
  }
}
