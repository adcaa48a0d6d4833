import { Module } from '@nestjs/common';
import { CounterpartiesController, FmCounterpartiesController } from './counterparties.controller';
import { CounterpartiesRepository } from './counterparties.repository';
import { CounterpartiesService } from './counterparties.service';
import { CounterpartyReferences } from './counterparty-ports';

/** Counterparties (CONTRACT 13): banks, organizations and persons; credits refer to them. See docs/finance.md. */
@Module({
  controllers: [CounterpartiesController, FmCounterpartiesController],
  providers: [
    CounterpartiesService,
    CounterpartiesRepository,
    { provide: CounterpartyReferences, useExisting: CounterpartiesRepository },
  ],
  exports: [CounterpartyReferences],
})
export class CounterpartiesModule {}
