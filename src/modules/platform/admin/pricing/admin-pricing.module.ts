import { Module } from '@nestjs/common';
import { PlansModule } from '../../../companies/plans/plans.face';
import { AdminPlansController } from './admin-plans.controller';

/** The console's pricing: plans (through the plans face). */
@Module({ imports: [PlansModule], controllers: [AdminPlansController] })
export class AdminPricingModule {}
