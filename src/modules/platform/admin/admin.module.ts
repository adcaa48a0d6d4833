import { Module } from '@nestjs/common';
import { AdminAccessModule } from './access/admin-access.module';
import { AdminAccountsModule } from './accounts/admin-accounts.module';
import { AdminCompaniesModule } from './companies/admin-companies.module';
import { AdminDeskModule } from './desk/admin-desk.module';
import { AdminLogsModule } from './logs/admin-logs.module';
import { AdminMailModule } from './mail/admin-mail.module';
import { AdminPartnersModule } from './partners/admin-partners.module';
import { AdminPricingModule } from './pricing/admin-pricing.module';
import { AdminSystemModule } from './system/admin-system.module';

/**
 * The operators' console under `/admin` (CONTRACT 21): one thin module per section, each
 * reading other modules through their faces. Access is declared per route with @AdminRoute.
 */
@Module({
  imports: [
    AdminAccessModule,
    AdminAccountsModule,
    AdminCompaniesModule,
    AdminDeskModule,
    AdminPartnersModule,
    AdminPricingModule,
    AdminSystemModule,
    AdminLogsModule,
    AdminMailModule,
  ],
})
export class AdminModule {}
