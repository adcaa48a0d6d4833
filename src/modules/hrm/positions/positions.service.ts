import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { AppException, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import { CreatePositionDto, ListPositionsQueryDto, PositionDto, UpdatePositionDto } from './dto/position.dto';
import { PositionsRepository } from './positions.repository';

@Injectable()
export class PositionsService {
  constructor(private readonly positions: PositionsRepository) {}

  list(company: CompanyAccess, query: ListPositionsQueryDto): Promise<Page<PositionDto>> {
    return this.positions.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<PositionDto> {
    return found(await this.positions.findOne(company.companyId, id), 'Position');
  }

  create(company: CompanyAccess, dto: CreatePositionDto): Promise<PositionDto> {
    return this.positions.create(company.companyId, dto);
  }

  async update(company: CompanyAccess, id: string, dto: UpdatePositionDto): Promise<PositionDto> {
    return found(await this.positions.update(company.companyId, id, dto), 'Position');
  }

  async delete(company: CompanyAccess, id: string): Promise<void> {
    if (!(await this.positions.delete(company.companyId, id))) throw AppException.notFound('Position');
  }
}
