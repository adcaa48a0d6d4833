import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { conflictWhileReferenced, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import type {
  CreateDealTypeDto,
  DealTypeDeletedDto,
  DealTypeDto,
  ListDealTypesQueryDto,
  UpdateDealTypeDto,
} from './dto/deal-type.dto';
import { DealTypesRepository } from './types.repository';

@Injectable()
export class DealTypesService {
  constructor(private readonly types: DealTypesRepository) {}

  list(company: CompanyAccess, query: ListDealTypesQueryDto): Promise<Page<DealTypeDto>> {
    return this.types.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<DealTypeDto> {
    return found(await this.types.findOne(company.companyId, id), 'Deal type');
  }

  create(company: CompanyAccess, dto: CreateDealTypeDto): Promise<DealTypeDto> {
    return this.types.create(company.companyId, dto);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateDealTypeDto): Promise<DealTypeDto> {
    return found(await this.types.update(company.companyId, id, dto), 'Deal type');
  }

  /** 409 while a deal has the type (the foreign key decides, so a deal created meanwhile counts). */
  async delete(company: CompanyAccess, id: string): Promise<DealTypeDeletedDto> {
    const deleted = await conflictWhileReferenced(
      this.types.delete(company.companyId, id),
      'The type is used by deals; change their type first',
    );
    found(deleted || null, 'Deal type');
    return { type_id: id, deleted: true };
  }
}
