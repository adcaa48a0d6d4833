import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { AnalysisRepository } from './analysis.repository';
import { EmployeeGroupDto, EmployeeSummaryDto, GroupedEmployeesQueryDto } from './dto/analysis.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

/** HRM analytics (CONTRACT 9): counts only, so the controller reads the repository directly. */
@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/analysis')
export class AnalysisController {
  constructor(private readonly analysis: AnalysisRepository) {}

  /** Positions and employees in all; new_employees: those created within the window */
  @Get('summary')
  @Endpoint({ permission: 'hrm.analysis', answer: EmployeeSummaryDto })
  getHrmAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: TimeWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  /** Employees created within the window, per UTC day, month or year, ascending; empty periods omitted */
  @Get('grouped')
  @Endpoint({ permission: 'hrm.analysis', answer: [EmployeeGroupDto] })
  getHrmAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedEmployeesQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
