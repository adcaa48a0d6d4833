import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException } from '../../../core/http/app.exception';
import { Paginated } from '../../../core/pagination/paginated';
import { CrmStatus } from '../sources/source.entity';
import { SourcesRepository } from '../sources/sources.repository';
import { ClientsRepository } from './clients.repository';
import {
  ClientDetailDto,
  ClientFullDetailDto,
  CreateClientDto,
  ListClientsQueryDto,
  UpdateClientDto,
} from './dto/client.dto';

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly sources: SourcesRepository,
  ) {}

  async list(company: CompanyAccess, query: ListClientsQueryDto): Promise<Paginated<ClientDetailDto>> {
    const { items, total } = await this.clients.list(company.companyId, query);
    return new Paginated('clients', items, total, query);
  }

  async get(company: CompanyAccess, id: string): Promise<ClientFullDetailDto> {
    return found(await this.clients.findOne(company.companyId, id, 'full'));
  }

  async create(company: CompanyAccess, dto: CreateClientDto): Promise<ClientDetailDto> {
    await this.requireSource(company, dto.source_id);
    return this.clients.create(company.companyId, {
      sourceId: dto.source_id,
      firstName: dto.first_name,
      lastName: dto.last_name ?? null,
      patronymic: dto.patronymic ?? null,
      phone: dto.phone ?? null,
      email: dto.email ?? null,
      comment: dto.comment ?? null,
      type: dto.type,
      status: dto.status ?? 'active',
      metadata: dto.metadata ?? null,
    });
  }

  async update(company: CompanyAccess, id: string, dto: UpdateClientDto): Promise<ClientDetailDto> {
    if (dto.source_id !== undefined) await this.requireSource(company, dto.source_id);
    return found(await this.clients.update(company.companyId, id, dto));
  }

  async setStatus(company: CompanyAccess, id: string, status: CrmStatus): Promise<ClientDetailDto> {
    return found(await this.clients.setStatus(company.companyId, id, status));
  }

  /** A client's source must be one of the company's: 400, worded alike whether or not it exists elsewhere. */
  private async requireSource(company: CompanyAccess, sourceId: string): Promise<void> {
    if (!(await this.sources.exists(company.companyId, sourceId))) {
      throw AppException.validation([{ field: 'source_id', message: 'must be a source of this company' }]);
    }
  }
}

function found<T>(client: T | null): T {
  if (!client) throw AppException.notFound('Client');
  return client;
}
