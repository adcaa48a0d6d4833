import { Module } from '@nestjs/common';
import { PlanCatalog } from './plan-catalog';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

@Module({
  controllers: [PlansController],
  providers: [PlansService, PlansRepository, PlanCatalog],
  exports: [PlanCatalog],
})
export class PlansModule {}
