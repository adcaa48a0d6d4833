import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FingerprintsController } from './fingerprints.controller';
import { FingerprintsRepository } from './fingerprints.repository';
import { FingerprintsService } from './fingerprints.service';

@Module({
  imports: [AccountsModule],
  controllers: [FingerprintsController],
  providers: [FingerprintsService, FingerprintsRepository],
  exports: [FingerprintsRepository],
})
export class FingerprintsModule {}
