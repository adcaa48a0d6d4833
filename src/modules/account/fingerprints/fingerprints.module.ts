import { Module } from '@nestjs/common';
import { AccountsModule, AccountSummaryCounts, SessionFingerprints } from '../accounts/accounts.face';
import { FingerprintSignIn } from './fingerprint-ports';
import { FINGERPRINT_LIFETIMES } from './fingerprint-views';
import { FingerprintsController } from './fingerprints.controller';
import { FingerprintsRepository } from './fingerprints.repository';
import { FingerprintsService } from './fingerprints.service';

@Module({
  imports: [AccountsModule],
  controllers: [FingerprintsController],
  providers: [
    FingerprintsService,
    FingerprintsRepository,
    { provide: FingerprintSignIn, useExisting: FingerprintsRepository },
  ],
  exports: [FingerprintSignIn],
})
export class FingerprintsModule {
  constructor(summary: AccountSummaryCounts, sessions: SessionFingerprints, fingerprints: FingerprintsRepository) {
    summary.register('fingerprints_count', (account) => fingerprints.usableCount(account.id));
    sessions.readFrom(FINGERPRINT_LIFETIMES);
  }
}
