import { Module } from '@nestjs/common';
import { PlansModule } from '../../../companies/plans/plans.face';
import { AdminPlansController } from './admin-plans.controller';
import { AdminPromocodesController } from './admin-promocodes.controller';
import { AdminPromocodesService } from './admin-promocodes.service';
import { AdminSystemModule } from '../system/admin-system.module';

/** The console's pricing: plans and promocodes (through the plans face; their total kept by the system's figures). */
@Module({
  imports: [PlansModule, AdminSystemModule],
  controllers: [AdminPlansController, AdminPromocodesController],
  providers: [AdminPromocodesService],
})
export class AdminPricingModule {}
