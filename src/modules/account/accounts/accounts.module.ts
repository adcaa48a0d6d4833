import { Module } from '@nestjs/common';
import { SessionLookup } from '../../../core/auth/credential-lookups';
import { AccountDirectory } from './account-directory';
import { AccountRecords, AccountSessions } from './account-ports';
import { AccountSummaryCounts } from './account-summary';
import { AccountsController } from './accounts.controller';
import { SecurityEventsController } from './security-events.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { SessionFingerprints } from './session-fingerprints';
import { SessionsRepository } from './sessions.repository';

@Module({
  controllers: [AccountsController, SecurityEventsController],
  providers: [
    AccountsService,
    AccountDirectory,
    AccountSummaryCounts,
    AccountsRepository,
    SessionsRepository,
    SessionFingerprints,
    { provide: SessionLookup, useExisting: SessionsRepository },
    { provide: AccountRecords, useExisting: AccountsRepository },
    { provide: AccountSessions, useExisting: SessionsRepository },
  ],
  exports: [
    AccountDirectory,
    AccountRecords,
    AccountSessions,
    AccountSummaryCounts,
    SessionFingerprints,
    SessionLookup,
  ],
})
export class AccountsModule {}
