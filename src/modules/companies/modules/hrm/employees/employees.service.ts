import { Injectable } from '@nestjs/common';
import { StatusCompanyRecords } from '../../../../../core/records/company-records';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, conflictOnDuplicate, found } from '../../../../../core/http/app.exception';
import { Memberships } from '../../../members/members.face';
import { PositionsRepository } from '../positions/positions.repository';
import { EmployeeDetailDto, EmployeeDto } from './dto/employee.dto';
import type {} from './employee.entity';
import { EmployeesRepository } from './employees.repository';

/**
 * Employee cards. The permissions a card grants are read by the company guard through the
 * hrm_member_permissions view on every request, so each change here applies at once.
 */
@Injectable()
export class EmployeesService extends StatusCompanyRecords<EmployeesRepository> {
  constructor(
    private readonly employees: EmployeesRepository,
    private readonly positions: PositionsRepository,
    private readonly members: Memberships,
  ) {
    super(employees, 'Employee');
  }

  async get(company: CompanyAccess, id: string): Promise<EmployeeDetailDto> {
    return found(await this.employees.detail(company.companyId, id), 'Employee');
  }

  /**
   * Links a member's account to the card (CONTRACT 9): 404 when the account is not a member of
   * the company; 409 when the card has another account, or the account another card here.
   * Linking the account the card already has changes nothing.
   */
  async linkAccount(company: CompanyAccess, id: string, accountId: string): Promise<EmployeeDto> {
    const card = found(await this.employees.findOne(company.companyId, id), 'Employee');
    if (!(await this.members.holdMembership(company.companyId, accountId))) throw AppException.notFound('Member');
    if (card.account_id === accountId) return card;
    const linked = await conflictOnDuplicate(this.employees.linkAccount(company.companyId, id, accountId), {
      employees_company_account_key: 'The account is already linked to another employee card of this company',
    });
    if (!linked) throw AppException.conflict('The employee card is linked to another account; unlink it first');
    return linked;
  }

  async unlinkAccount(company: CompanyAccess, id: string): Promise<EmployeeDto> {
    return found(await this.employees.unlinkCard(company.companyId, id), 'Employee');
  }

  async linkPosition(company: CompanyAccess, id: string, positionId: string): Promise<EmployeeDetailDto> {
    await this.requirePosition(company, positionId);
    await this.employees.addPosition(company.companyId, id, positionId);
    return this.get(company, id);
  }

  async unlinkPosition(company: CompanyAccess, id: string, positionId: string): Promise<EmployeeDetailDto> {
    await this.requirePosition(company, positionId);
    await this.employees.removePosition(company.companyId, id, positionId);
    return this.get(company, id);
  }

  /** A position of another company is 404, worded as an unknown one (CONTRACT 9). */
  private async requirePosition(company: CompanyAccess, positionId: string): Promise<void> {
    found(await this.positions.findOne(company.companyId, positionId), 'Position');
  }
}
