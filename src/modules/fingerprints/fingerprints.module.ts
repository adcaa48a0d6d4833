import { Module } from '@nestjs/common';
import { FingerprintsController } from './fingerprints.controller';
import { FingerprintsRepository } from './fingerprints.repository';
import { FingerprintsService } from './fingerprints.service';

@Module({
  controllers: [FingerprintsController],
  providers: [FingerprintsService, FingerprintsRepository],
  exports: [FingerprintsRepository],
})
export class FingerprintsModule {}
