import { Injectable } from '@nestjs/common';
import { RecordAttachments } from '../../../../../core/attachments/record-attachments';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { CompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { Page } from '../../../../../core/pagination/page';
import type { CrmStatus } from '../sources/source.entity';
import { SourcesRepository } from '../sources/sources.repository';
import { CLIENT_RECORDS, ClientsRepository } from './clients.repository';
import { ClientDetailDto, CreateClientDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';

@Injectable()
export class ClientsService extends CompanyRecords<ClientsRepository> {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly sources: SourcesRepository,
    private readonly attachments: RecordAttachments,
  ) {
    super(clients, 'Client');
  }

  list(company: CompanyAccess, query: ListClientsQueryDto): Promise<Page<ClientDetailDto>> {
    return this.clients.list(company.companyId, { ...query, source_id: query.source_id ?? query.sourceId });
  }

  /** Its attachments are checked in the store first, outside the transaction that writes the client. */
  create(company: CompanyAccess, dto: CreateClientDto): Promise<StagedWrite<ClientDetailDto>> {
    return this.attachments.staged(company.companyId, CLIENT_RECORDS, dto.attachments, async () => {
      await this.requireSource(company, dto.source_id);
      return this.clients.create(company.companyId, dto);
    });
  }

  update(company: CompanyAccess, id: string, dto: UpdateClientDto): Promise<StagedWrite<ClientDetailDto>> {
    return this.attachments.staged(company.companyId, CLIENT_RECORDS, dto.attachments, async () => {
      if (dto.source_id !== undefined) await this.requireSource(company, dto.source_id);
      return found(await this.clients.update(company.companyId, id, dto), 'Client');
    });
  }

  async setStatus(company: CompanyAccess, id: string, status: CrmStatus): Promise<ClientDetailDto> {
    return found(await this.clients.setStatus(company.companyId, id, status), 'Client');
  }

  /** A client's source must be one of the company's: 400, worded alike whether or not it exists elsewhere. */
  private async requireSource(company: CompanyAccess, sourceId: string): Promise<void> {
    if (!(await this.sources.exists(company.companyId, sourceId))) {
      throw AppException.validation([{ field: 'source_id', message: 'must be a source of this company' }]);
    }
  }
}
