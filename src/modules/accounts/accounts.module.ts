import { Module } from '@nestjs/common';
import { SessionLookup } from '../../core/auth/credential-lookups';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { SessionsRepository } from './sessions.repository';

@Module({
  controllers: [AccountsController],
  providers: [
    AccountsService,
    AccountsRepository,
    SessionsRepository,
    { provide: SessionLookup, useExisting: SessionsRepository },
  ],
  exports: [AccountsRepository, SessionsRepository, SessionLookup],
})
export class AccountsModule {}
