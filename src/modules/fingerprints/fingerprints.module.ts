import { Module } from '@nestjs/common';
import { AccountsModule, AccountSummaryCounts } from '../accounts/accounts.face';
import { FingerprintSignIn } from './fingerprint-ports';
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
  constructor(summary: AccountSummaryCounts, fingerprints: FingerprintsRepository) {
    summary.register('fingerprints_count', (account) => fingerprints.usableCount(account.id));
  }
}
