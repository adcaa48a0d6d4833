import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { Page } from '../../../../../core/pagination/page';
import {} from '../sources/source.entity';
import { SourcesRepository } from '../sources/sources.repository';
import { ClientsRepository } from './clients.repository';
import { ClientDetailDto, CreateClientDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';

@Injectable()
export class ClientsService extends StatusCompanyRecords<ClientsRepository> {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly sources: SourcesRepository,
  ) {
    super(clients, 'Client');
  }

  list(company: CompanyAccess, query: ListClientsQueryDto): Promise<Page<ClientDetailDto>> {
    return this.clients.list(company.companyId, { ...query, source_id: query.source_id ?? query.sourceId });
  }

  async create(company: CompanyAccess, dto: CreateClientDto): Promise<ClientDetailDto> {
    await this.requireSource(company, dto.source_id);
    return this.clients.create(company.companyId, dto);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateClientDto): Promise<ClientDetailDto> {
    if (dto.source_id !== undefined) await this.requireSource(company, dto.source_id);
    return found(await this.clients.update(company.companyId, id, dto), 'Client');
  }

  /** A client's source must be one of the company's: 400, worded alike whether or not it exists elsewhere. */
  private async requireSource(company: CompanyAccess, sourceId: string): Promise<void> {
    if (!(await this.sources.exists(company.companyId, sourceId))) {
      throw AppException.validation([{ field: 'source_id', message: 'must be a source of this company' }]);
    }
  }
}
