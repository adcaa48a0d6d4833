import { Injectable } from '@nestjs/common';
import { EditableCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, found } from '../../../../../core/http/app.exception';
import { SourceDto, UpdateSourceDto } from './dto/source.dto';
import type { CrmStatus } from './source.entity';
import { SourcesRepository } from './sources.repository';

/** The source every company starts with (the Crm migration gave existing companies the same). */
export const SYSTEM_SOURCE = { name: 'Manual entry', type: 'manual', system: true } as const;

@Injectable()
export class SourcesService extends EditableCompanyRecords<SourcesRepository> {
  constructor(private readonly sources: SourcesRepository) {
    super(sources, 'Source');
  }

  /** Runs in the company-creating transaction (CompanyLifecycle). */
  async createSystemSource(companyId: string): Promise<void> {
    await this.sources.create(companyId, SYSTEM_SOURCE);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateSourceDto): Promise<SourceDto> {
    const source = await this.get(company, id);
    if (source.system) throw AppException.conflict('The system source cannot be changed');
    return (await this.sources.update(company.companyId, id, dto))!;
  }

  /** Sets the status; the system source stays active (409 for a change, as for any other). */
  async setStatus(company: CompanyAccess, id: string, status: CrmStatus): Promise<SourceDto> {
    const source = await this.get(company, id);
    if (source.system && source.status !== status) throw AppException.conflict('The system source cannot be changed');
    return found(await this.sources.setStatus(company.companyId, id, status), 'Source');
  }
}
