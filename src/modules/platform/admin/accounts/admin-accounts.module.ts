import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../account/accounts/accounts.face';
import { AdminAccountsController } from './admin-accounts.controller';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminSystemModule } from '../system/admin-system.module';

/** The console's accounts: the directory, its figures, administrator levels (through the accounts face). */
@Module({
  imports: [AccountsModule, AdminSystemModule],
  controllers: [AdminAccountsController],
  providers: [AdminAccountsService],
})
export class AdminAccountsModule {}
