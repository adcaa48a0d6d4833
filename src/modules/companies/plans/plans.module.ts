import { Module } from '@nestjs/common';
import { PlanCatalog } from './plan-catalog';
import { PlanEditor } from './plan-editor';
import { Promocodes } from './promocodes';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

@Module({
  controllers: [PlansController],
  providers: [PlansService, PlansRepository, PlanCatalog, PlanEditor, Promocodes],
  exports: [PlanCatalog, PlanEditor, Promocodes],
})
export class PlansModule {}
