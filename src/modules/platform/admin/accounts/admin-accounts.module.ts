import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../account/accounts/accounts.face';
import { AdminAccountsController } from './admin-accounts.controller';
import { AdminAccountsService } from './admin-accounts.service';

/** The console's accounts: the directory, its figures, administrator levels (through the accounts face). */
@Module({
  imports: [AccountsModule],
  controllers: [AdminAccountsController],
  providers: [AdminAccountsService],
})
export class AdminAccountsModule {}
