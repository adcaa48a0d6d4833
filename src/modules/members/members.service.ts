import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../core/access/company-access';
import { AppException } from '../../core/http/app.exception';
import { Page } from '../../core/pagination/page';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { EmployeesRepository } from '../hrm/employees/employees.repository';
import { MemberDto } from './dto/member.dto';
import { MembersRepository } from './members.repository';

@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly employees: EmployeesRepository,
  ) {}

  list(access: CompanyAccess, query: PageQueryDto): Promise<Page<MemberDto>> {
    return this.members.list(access.companyId, query);
  }

  /**
   * Removes a member and unlinks their employee card in the company. Runs in the audited
   * route's transaction, so both changes and the audit record commit together.
   */
  async remove(access: CompanyAccess, accountId: string): Promise<void> {
    const role = await this.members.roleOf(access.companyId, accountId);
    if (!role) throw AppException.notFound('Member');
    if (role === 'owner') throw AppException.conflict('The owner cannot be removed from the company');
    if (!(await this.members.removeMember(access.companyId, accountId))) throw AppException.notFound('Member');
    await this.employees.unlinkAccount(access.companyId, accountId);
  }
}
