import { Module } from '@nestjs/common';
import { PlanCatalog } from './plan-catalog';
import { PlanEditor } from './plan-editor';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

@Module({
  controllers: [PlansController],
  providers: [PlansService, PlansRepository, PlanCatalog, PlanEditor],
  exports: [PlanCatalog, PlanEditor],
})
export class PlansModule {}
