import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../core/records/company-records';
import { CounterpartiesRepository } from './counterparties.repository';
import type { CounterpartyStatus } from './counterparty.entity';
import {
  CounterpartyDto,
  CreateCounterpartyDto,
  ListCounterpartiesQueryDto,
  UpdateCounterpartyDto,
} from './dto/counterparty.dto';

@Injectable()
export class CounterpartiesService extends StatusCompanyRecords<
  CounterpartyDto,
  ListCounterpartiesQueryDto,
  CreateCounterpartyDto,
  UpdateCounterpartyDto,
  CounterpartyStatus
> {
  constructor(counterparties: CounterpartiesRepository) {
    super(counterparties, 'Counterparty');
  }
}
