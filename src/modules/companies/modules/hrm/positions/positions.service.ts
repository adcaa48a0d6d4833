import { Injectable } from '@nestjs/common';
import { EditableCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException } from '../../../../../core/http/app.exception';
import { PositionsRepository } from './positions.repository';

@Injectable()
export class PositionsService extends EditableCompanyRecords<PositionsRepository> {
  constructor(private readonly positions: PositionsRepository) {
    super(positions, 'Position');
  }

  async delete(company: CompanyAccess, id: string): Promise<void> {
    if (!(await this.positions.delete(company.companyId, id))) throw AppException.notFound('Position');
  }
}
