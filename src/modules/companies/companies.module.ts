import { Global, Module } from '@nestjs/common';
import { CompanyStandings } from '../../core/access/company-standing';
import { PlansModule } from '../plans/plans.module';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyPurger } from './company-purger';

/** Global because core's company guard and audit trail read company standings through it. */
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
  ],
  exports: [CompanyLifecycle, CompanyStandings, CompaniesRepository],
})
export class CompaniesModule {}
