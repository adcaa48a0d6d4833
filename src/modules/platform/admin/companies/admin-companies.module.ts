import { Module } from '@nestjs/common';
import { PricingModule } from '../../../companies/pricing/pricing.face';
import { AdminCompaniesController } from './admin-companies.controller';
import { AdminCompaniesService } from './admin-companies.service';
import { AdminSystemModule } from '../system/admin-system.module';

/** The console's companies, read only (through the companies and pricing faces). */
@Module({
  imports: [PricingModule, AdminSystemModule],
  controllers: [AdminCompaniesController],
  providers: [AdminCompaniesService],
})
export class AdminCompaniesModule {}
