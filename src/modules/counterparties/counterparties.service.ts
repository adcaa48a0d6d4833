import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../core/access/company-access';
import { found } from '../../core/http/app.exception';
import { Page } from '../../core/pagination/page';
import { CounterpartiesRepository } from './counterparties.repository';
import type { CounterpartyStatus } from './counterparty.entity';
import {
  CounterpartyDto,
  CreateCounterpartyDto,
  ListCounterpartiesQueryDto,
  UpdateCounterpartyDto,
} from './dto/counterparty.dto';

@Injectable()
export class CounterpartiesService {
  constructor(private readonly counterparties: CounterpartiesRepository) {}

  list(company: CompanyAccess, query: ListCounterpartiesQueryDto): Promise<Page<CounterpartyDto>> {
    return this.counterparties.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<CounterpartyDto> {
    return found(await this.counterparties.findOne(company.companyId, id), 'Counterparty');
  }

  create(company: CompanyAccess, dto: CreateCounterpartyDto): Promise<CounterpartyDto> {
    return this.counterparties.create(company.companyId, dto);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateCounterpartyDto): Promise<CounterpartyDto> {
    return found(await this.counterparties.update(company.companyId, id, dto), 'Counterparty');
  }

  async setStatus(company: CompanyAccess, id: string, status: CounterpartyStatus): Promise<CounterpartyDto> {
    return found(await this.counterparties.setStatus(company.companyId, id, status), 'Counterparty');
  }
}
