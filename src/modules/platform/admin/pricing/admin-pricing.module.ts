import { Module } from '@nestjs/common';
import { PlansModule } from '../../../companies/plans/plans.face';
import { AdminPlansController } from './admin-plans.controller';
import { AdminPromocodesController } from './admin-promocodes.controller';
import { AdminPromocodesService } from './admin-promocodes.service';

/** The console's pricing: plans and promocodes (through the plans face). */
@Module({
  imports: [PlansModule],
  controllers: [AdminPlansController, AdminPromocodesController],
  providers: [AdminPromocodesService],
})
export class AdminPricingModule {}
