import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../account/accounts/accounts.face';
import { SupportModule } from '../../../companies/modules/support/support.face';
import { AdminDeskController } from './admin-desk.controller';
import { AdminDeskService } from './admin-desk.service';

/** The support desk, through the support module's face (its rules, one implementation). */
@Module({
  imports: [SupportModule, AccountsModule],
  controllers: [AdminDeskController],
  providers: [AdminDeskService],
})
export class AdminDeskModule {}
