import { Injectable } from '@nestjs/common';
import { CompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, conflictWhileReferenced } from '../../../../../core/http/app.exception';
import type {
  CreateDealStatusDto,
  DealStatusDeletedDto,
  DealStatusDto,
  DealStatusesDto,
  DealStatusesReorderedDto,
  ReorderDealStatusesDto,
  UpdateDealStatusDto,
} from './dto/deal-status.dto';
import { DealStatusesRepository } from './statuses.repository';

/**
 * The company's deal pipeline. Every change holds the pipeline first (DealStatusesRepository.lock),
 * so concurrent changes of one company apply one after the other; the database itself keeps
 * exactly one default (see DealStatusEntity).
 */
@Injectable()
export class DealStatusesService extends CompanyRecords<DealStatusesRepository> {
  constructor(private readonly statuses: DealStatusesRepository) {
    super(statuses, 'Deal status');
  }

  async create(company: CompanyAccess, dto: CreateDealStatusDto): Promise<DealStatusDto> {
    await this.statuses.lock(company.companyId);
    const sortOrder = dto.sort_order ?? (await this.statuses.nextSortOrder(company.companyId));
    if (dto.is_default) await this.statuses.clearDefault(company.companyId, null);
    return this.statuses.create(company.companyId, { ...dto, sort_order: sortOrder });
  }

  async update(company: CompanyAccess, id: string, dto: UpdateDealStatusDto): Promise<DealStatusDto> {
    await this.statuses.lock(company.companyId);
    const current = await this.get(company, id);
    if (dto.is_default === false && current.is_default) {
      throw AppException.conflict('The default status cannot be unset; make another status the default instead');
    }
    if (dto.is_default && !current.is_default) await this.statuses.clearDefault(company.companyId, id);
    return (await this.statuses.update(company.companyId, id, dto))!;
  }

  async reorder(company: CompanyAccess, dto: ReorderDealStatusesDto): Promise<DealStatusesReorderedDto> {
    await this.statuses.lock(company.companyId);
    const current = new Set((await this.statuses.all(company.companyId)).map((status) => status.id));
    const sent = new Set(dto.status_ids);
    if (sent.size !== dto.status_ids.length || sent.size !== current.size || [...sent].some((id) => !current.has(id))) {
      throw AppException.validation([
        { field: 'status_ids', message: 'must list every status of the company exactly once' },
      ]);
    }
    await this.statuses.reorder(company.companyId, dto.status_ids);
    return { statuses: await this.statuses.all(company.companyId), reordered: true, status_ids: dto.status_ids };
  }

  /** 409 for the default, and while a deal has the status (the foreign key decides). */
  async delete(company: CompanyAccess, id: string): Promise<DealStatusDeletedDto> {
    await this.statuses.lock(company.companyId);
    if ((await this.get(company, id)).is_default) {
      throw AppException.conflict('The default status cannot be deleted; make another status the default first');
    }
    await conflictWhileReferenced(
      this.statuses.delete(company.companyId, id),
      'The status is used by deals; move them to another status first',
    );
    return { status_id: id, deleted: true };
  }
}
