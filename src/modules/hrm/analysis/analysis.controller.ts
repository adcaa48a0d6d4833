import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { TimeWindowQueryDto } from '../../../core/analysis/periods';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { AnalysisRepository } from './analysis.repository';
import { EmployeeGroupDto, EmployeeSummaryDto, GroupedEmployeesQueryDto } from './dto/analysis.dto';

/** HRM analytics (CONTRACT 9): counts only, so the controller reads the repository directly. */
@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/analysis')
export class AnalysisController {
  constructor(private readonly analysis: AnalysisRepository) {}

  @Get('summary')
  @RequirePermission('hrm.analysis')
  @ApiOperation({ summary: 'Positions and employees in all; new_employees: those created within the window' })
  @ApiEnvelope(EmployeeSummaryDto)
  getHrmAnalysisSummary(@CurrentCompany() company: CompanyAccess, @Query() query: TimeWindowQueryDto) {
    return this.analysis.summary(company.companyId, query);
  }

  @Get('grouped')
  @RequirePermission('hrm.analysis')
  @ApiOperation({
    summary: 'Employees created within the window, per UTC day, month or year, ascending; empty periods omitted',
  })
  @ApiEnvelope(EmployeeGroupDto, { isArray: true })
  getHrmAnalysisGrouped(@CurrentCompany() company: CompanyAccess, @Query() query: GroupedEmployeesQueryDto) {
    return this.analysis.grouped(company.companyId, query);
  }
}
