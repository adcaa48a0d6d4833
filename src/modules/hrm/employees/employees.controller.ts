import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import {
  CreateEmployeeDto,
  EmployeeDetailDto,
  EmployeeDto,
  LinkAccountDto,
  LinkPositionDto,
  ListEmployeesQueryDto,
  UpdateEmployeeDto,
} from './dto/employee.dto';
import { EmployeeEntity } from './employee.entity';
import { EmployeesService } from './employees.service';
import { ApiErrors } from '../../../core/openapi/api-errors.decorator';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/employees')
@CompanyResources({ employeeId: EmployeeEntity })
export class EmployeesController {
  constructor(private readonly employees: EmployeesService) {}

  @Get()
  @RequirePermission('hrm.employees')
  @ApiOperation({ summary: 'Employees, newest first, filtered by status and search' })
  @ApiPage('employees', EmployeeDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListEmployeesQueryDto) {
    return this.employees.list(company, query);
  }

  @Post()
  @RequirePermission('hrm.employees.create')
  @ApiOperation({ summary: 'Create an employee card (active, no account linked)' })
  @ApiEnvelope(EmployeeDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateEmployeeDto) {
    return this.employees.create(company, body);
  }

  @Get(':employeeId')
  @RequirePermission('hrm.employees')
  @ApiOperation({ summary: 'One employee, with their positions' })
  @ApiEnvelope(EmployeeDetailDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string) {
    return this.employees.get(company, id);
  }

  @Patch(':employeeId')
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: 'Change an employee; only the fields sent change, null clears an optional one' })
  @ApiEnvelope(EmployeeDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string, @Body() body: UpdateEmployeeDto) {
    return this.employees.update(company, id, body);
  }

  @Post(':employeeId/activate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: 'Make the employee active: a linked account holds the positions’ permissions again' })
  @ApiEnvelope(EmployeeDto)
  activate(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string) {
    return this.employees.setStatus(company, id, 'active');
  }

  @Post(':employeeId/deactivate')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: 'Make the employee inactive: a linked account holds no permission through the card' })
  @ApiEnvelope(EmployeeDto)
  deactivate(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string) {
    return this.employees.setStatus(company, id, 'inactive');
  }

  @Post(':employeeId/link-account')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({
    summary:
      "Link a member's account: it inherits the card's permissions. 404 not a member; 409 the card or the account is linked already",
  })
  @ApiEnvelope(EmployeeDto)
  @ApiErrors({ conflict: 'the account is linked to another card, or this card to another account' })
  linkAccount(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string, @Body() body: LinkAccountDto) {
    return this.employees.linkAccount(company, id, body.account_id);
  }

  @Post(':employeeId/unlink-account')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: "Unlink the card's account: it stops holding the card's permissions" })
  @ApiEnvelope(EmployeeDto)
  unlinkAccount(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string) {
    return this.employees.unlinkAccount(company, id);
  }

  @Post(':employeeId/link-position')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: 'Give the employee a position of this company (404 otherwise)' })
  @ApiEnvelope(EmployeeDetailDto)
  linkPosition(
    @CurrentCompany() company: CompanyAccess,
    @Param('employeeId') id: string,
    @Body() body: LinkPositionDto,
  ) {
    return this.employees.linkPosition(company, id, body.position_id);
  }

  @Post(':employeeId/unlink-position')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('hrm.employees.update')
  @ApiOperation({ summary: 'Take a position from the employee' })
  @ApiEnvelope(EmployeeDetailDto)
  unlinkPosition(
    @CurrentCompany() company: CompanyAccess,
    @Param('employeeId') id: string,
    @Body() body: LinkPositionDto,
  ) {
    return this.employees.unlinkPosition(company, id, body.position_id);
  }
}
