import { Global, Module } from '@nestjs/common';
import { CompanyStandings } from '../../core/access/company-standing';
import { DatabaseQuota } from '../../core/limits/database-quota';
import { PlansModule } from '../plans/plans.face';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyObjectCounters, CompanyPlanPeriods } from './company-ports';
import { CompanyPurger } from './company-purger';
import { DatabaseQuotaService } from './database-quota.service';

/** Global because core's company guard, audit trail and database quota read company figures through it. */
@Global()
@Module({
  imports: [PlansModule],
  controllers: [CompaniesController],
  providers: [
    CompaniesService,
    CompaniesRepository,
    CompanyLifecycle,
    CompanyPurger,
    { provide: CompanyStandings, useExisting: CompaniesRepository },
    { provide: DatabaseQuota, useClass: DatabaseQuotaService },
    { provide: CompanyObjectCounters, useExisting: CompaniesRepository },
    { provide: CompanyPlanPeriods, useExisting: CompaniesRepository },
  ],
  exports: [
    CompanyLifecycle,
    CompanyStandings,
    CompaniesRepository,
    CompaniesService,
    DatabaseQuota,
    CompanyObjectCounters,
    CompanyPlanPeriods,
  ],
})
export class CompaniesModule {}
