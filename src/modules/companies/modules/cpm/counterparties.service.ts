import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../core/records/company-records';
import { CounterpartiesRepository } from './counterparties.repository';
import type {} from './counterparty.entity';

@Injectable()
export class CounterpartiesService extends StatusCompanyRecords<CounterpartiesRepository> {
  constructor(counterparties: CounterpartiesRepository) {
    super(counterparties, 'Counterparty');
  }
}
