import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.face';
import { CompanyPricing } from './pricing-ports';
import { PricingController } from './pricing.controller';
import { PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';

/** Plan purchases of a company (CONTRACT 17); the companies module (global) changes the plan. */
@Module({
  imports: [PlansModule],
  controllers: [PricingController],
  providers: [PricingService, PricingRepository, { provide: CompanyPricing, useExisting: PricingService }],
  exports: [CompanyPricing],
})
export class PricingModule {}
