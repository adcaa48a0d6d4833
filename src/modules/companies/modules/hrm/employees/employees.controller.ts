import { Body, Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
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
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
import { RecordRoutes } from '../../../../../core/http/record-routes';

@ApiTags('HRM')
@Controller('companies/:id/modules/hrm/employees')
@CompanyResources({ employeeId: EmployeeEntity })
export class EmployeesController extends RecordRoutes({
  service: EmployeesService,
  param: 'employeeId',
  permission: 'hrm.employees',
  answer: EmployeeDto,
  list: {
    key: 'employees',
    query: ListEmployeesQueryDto,
    summary: 'Employees, newest first, filtered by status and search',
  },
  create: { body: CreateEmployeeDto, summary: 'Create an employee card (active, no account linked)' },
  get: { answer: EmployeeDetailDto, summary: 'One employee, with their positions' },
  update: {
    body: UpdateEmployeeDto,
    summary: 'Change an employee; only the fields sent change, null clears an optional one',
  },
  transitions: {
    activate: {
      status: 'active',
      summary: 'Make the employee active: a linked account holds the positions’ permissions again',
    },
    deactivate: {
      status: 'inactive',
      summary: 'Make the employee inactive: a linked account holds no permission through the card',
    },
  },
}) {
  constructor(private readonly employees: EmployeesService) {
    super(employees);
  }

  /** Link a member's account: it inherits the card's permissions. 404 not a member; 409 the card or the account is linked already */
  @Post(':employeeId/link-account')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    permission: 'hrm.employees.update',
    answer: EmployeeDto,
    errors: { conflict: 'the account is linked to another card, or this card to another account' },
  })
  linkAccount(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string, @Body() body: LinkAccountDto) {
    return this.employees.linkAccount(company, id, body.account_id);
  }

  /** Unlink the card's account: it stops holding the card's permissions */
  @Post(':employeeId/unlink-account')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'hrm.employees.update', answer: EmployeeDto })
  unlinkAccount(@CurrentCompany() company: CompanyAccess, @Param('employeeId') id: string) {
    return this.employees.unlinkAccount(company, id);
  }

  /** Give the employee a position of this company (404 otherwise) */
  @Post(':employeeId/link-position')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'hrm.employees.update', answer: EmployeeDetailDto })
  linkPosition(
    @CurrentCompany() company: CompanyAccess,
    @Param('employeeId') id: string,
    @Body() body: LinkPositionDto,
  ) {
    return this.employees.linkPosition(company, id, body.position_id);
  }

  /** Take a position from the employee */
  @Post(':employeeId/unlink-position')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ permission: 'hrm.employees.update', answer: EmployeeDetailDto })
  unlinkPosition(
    @CurrentCompany() company: CompanyAccess,
    @Param('employeeId') id: string,
    @Body() body: LinkPositionDto,
  ) {
    return this.employees.unlinkPosition(company, id, body.position_id);
  }
}
