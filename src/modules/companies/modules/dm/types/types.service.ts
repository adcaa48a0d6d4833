import { Injectable } from '@nestjs/common';
import { EditableCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { conflictWhileReferenced, found } from '../../../../../core/http/app.exception';
import type { DealTypeDeletedDto } from './dto/deal-type.dto';
import { DealTypesRepository } from './types.repository';

@Injectable()
export class DealTypesService extends EditableCompanyRecords<DealTypesRepository> {
  constructor(private readonly types: DealTypesRepository) {
    super(types, 'Deal type');
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
