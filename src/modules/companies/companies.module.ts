import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { CompanyLifecycle } from './company-lifecycle';
import { CompanyPurger } from './company-purger';

@Module({
  imports: [PlansModule],
  controllers: [CompaniesController],
  providers: [CompaniesService, CompaniesRepository, CompanyLifecycle, CompanyPurger],
  exports: [CompanyLifecycle],
})
export class CompaniesModule {}
