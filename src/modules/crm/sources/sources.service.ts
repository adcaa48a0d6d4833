import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException } from '../../../core/http/app.exception';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Paginated } from '../../../core/pagination/paginated';
import { CreateSourceDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { SourcesRepository } from './sources.repository';

/** The source every company starts with (the Crm migration gave existing companies the same). */
export const SYSTEM_SOURCE = { name: 'Manual entry', type: 'manual' } as const;

@Injectable()
export class SourcesService {
  constructor(private readonly sources: SourcesRepository) {}

  /** Runs in the company-creating transaction (CompanyLifecycle). */
  async createSystemSource(companyId: string): Promise<void> {
    await this.sources.create(companyId, {
      ...SYSTEM_SOURCE,
      url: null,
      comment: null,
      system: true,
      status: 'active',
      metadata: null,
    });
  }

  async list(company: CompanyAccess, query: PageQueryDto): Promise<Paginated<SourceDto>> {
    const { items, total } = await this.sources.list(company.companyId, query);
    return new Paginated('sources', items, total, query);
  }

  async get(company: CompanyAccess, id: string): Promise<SourceDto> {
    const source = await this.sources.findOne(company.companyId, id);
    if (!source) throw AppException.notFound('Source');
    return source;
  }

  create(company: CompanyAccess, dto: CreateSourceDto): Promise<SourceDto> {
    return this.sources.create(company.companyId, {
      name: dto.name,
      url: dto.url ?? null,
      type: dto.type,
      comment: dto.comment ?? null,
      system: false,
      status: dto.status ?? 'active',
      metadata: dto.metadata ?? null,
    });
  }

  async update(company: CompanyAccess, id: string, dto: UpdateSourceDto): Promise<SourceDto> {
    const source = await this.get(company, id);
    if (source.system) throw AppException.conflict('The system source cannot be changed');
    return (await this.sources.update(company.companyId, id, dto))!;
  }
}
