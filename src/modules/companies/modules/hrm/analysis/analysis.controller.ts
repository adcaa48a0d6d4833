import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AnalysisRoutes } from '../../../../../core/analysis/analysis-routes';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { AnalysisRepository } from './analysis.repository';
import { EmployeeGroupDto, EmployeeSummaryDto, GroupedEmployeesQueryDto } from './dto/analysis.dto';

/** HRM analytics (CONTRACT 9): counts only, so the controller reads the repository directly. */
@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/analysis')
export class AnalysisController extends AnalysisRoutes({
  reader: AnalysisRepository,
  name: 'HrmAnalysis',
  permission: 'hrm.analysis',
  summary: {
    query: TimeWindowQueryDto,
    answer: EmployeeSummaryDto,
    summary: 'Positions and employees in all; new_employees: those created within the window',
  },
  grouped: {
    query: GroupedEmployeesQueryDto,
    answer: EmployeeGroupDto,
    summary: 'Employees created within the window, per UTC day, month or year, ascending; empty periods omitted',
  },
}) {}
