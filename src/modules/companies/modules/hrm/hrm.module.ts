import { Module } from '@nestjs/common';
import { MemberGrants } from '../../companies/companies.face';
import { DocsModule } from '../docs/docs.face';
import { MemberRemovals, MembersModule } from '../../members/members.face';
import { AnalysisController } from './analysis/analysis.controller';
import { AnalysisRepository } from './analysis/analysis.repository';
import { EmployeesController } from './employees/employees.controller';
import { EmployeesRepository } from './employees/employees.repository';
import { EmployeesService } from './employees/employees.service';
import { EmployeeReferences } from './employee-ports';
import { HRM_MEMBER_PERMISSIONS } from './hrm-views';
import { PositionsController } from './positions/positions.controller';
import { PositionsRepository } from './positions/positions.repository';
import { PositionsService } from './positions/positions.service';
import { RosterReportController } from './report/roster-report.controller';
import { RosterReportService } from './report/roster-report.service';

/**
 * HRM: employees, positions, their analytics and the roster report (spec 4.5, CONTRACT 9;
 * docs/hrm.md). It owns the
 * `hrm_member_permissions` view (migration DataLayer): the codes each member's active employee
 * card grants, which the company guard reads (registered with MemberGrants). Linking a card needs a member (Memberships); a
 * removed member's card is unlinked by the listener this module registers with MemberRemovals.
 */
@Module({
  imports: [MembersModule, DocsModule],
  controllers: [EmployeesController, PositionsController, AnalysisController, RosterReportController],
  providers: [
    EmployeesService,
    EmployeesRepository,
    PositionsService,
    PositionsRepository,
    AnalysisRepository,
    RosterReportService,
    { provide: EmployeeReferences, useExisting: EmployeesRepository },
  ],
  exports: [EmployeeReferences],
})
export class HrmModule {
  constructor(removals: MemberRemovals, employees: EmployeesRepository, grants: MemberGrants) {
    removals.onRemoval((companyId, accountId) => employees.unlinkAccount(companyId, accountId));
    grants.readFrom(HRM_MEMBER_PERMISSIONS);
  }
}
