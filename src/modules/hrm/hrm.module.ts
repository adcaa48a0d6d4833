import { forwardRef, Module } from '@nestjs/common';
import { DocsModule } from '../docs/docs.module';
import { MembersModule } from '../members/members.module';
import { AnalysisController } from './analysis/analysis.controller';
import { AnalysisRepository } from './analysis/analysis.repository';
import { EmployeesController } from './employees/employees.controller';
import { EmployeesRepository } from './employees/employees.repository';
import { EmployeesService } from './employees/employees.service';
import { PositionsController } from './positions/positions.controller';
import { PositionsRepository } from './positions/positions.repository';
import { PositionsService } from './positions/positions.service';
import { RosterReportController } from './report/roster-report.controller';
import { RosterReportService } from './report/roster-report.service';

/**
 * HRM: employees, positions, their analytics and the roster report (spec 4.5, CONTRACT 9;
 * docs/hrm.md). It owns the
 * `hrm_member_permissions` view (migration DataLayer): the codes each member's active employee
 * card grants, which the company guard reads. Members and HRM need each other: removing a member
 * unlinks their card, and linking a card needs a member.
 */
@Module({
  imports: [forwardRef(() => MembersModule), DocsModule],
  controllers: [EmployeesController, PositionsController, AnalysisController, RosterReportController],
  providers: [
    EmployeesService,
    EmployeesRepository,
    PositionsService,
    PositionsRepository,
    AnalysisRepository,
    RosterReportService,
  ],
  exports: [EmployeesRepository],
})
export class HrmModule {}
