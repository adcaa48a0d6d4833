import { OmitType, PartialType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { NormalisedEmail, OneOf, Phone, SearchTerm } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { PositionDto } from '../../positions/dto/position.dto';
import { EMPLOYEE_STATUSES, EmployeeEntity, type EmployeeStatus } from '../employee.entity';
import { PersonNameDto } from '../../../../../../core/fields/person-name.dto';

export class ListEmployeesQueryDto extends PageQueryDto {
  @OneOf(EMPLOYEE_STATUSES, { optional: true })
  status?: EmployeeStatus;

  /** Case-insensitive substring of the first name, last name, e-mail or phone (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateEmployeeDto extends PersonNameDto {
  /** Work e-mail; stored lower-cased. */
  @IsOptional()
  @NormalisedEmail()
  email?: string | null;

  /** Work phone: an optional +, then 5 to 20 digits, optionally grouped by spaces, hyphens or parentheses. */
  @IsOptional()
  @Phone()
  phone?: string | null;
}

/** Every field optional; only the fields sent change. Null clears last_name, email or phone (refused for first_name). */
export class UpdateEmployeeDto extends PartialType(CreateEmployeeDto, { skipNullProperties: false }) {}

export class LinkAccountDto {
  /** An account that is a member of this company: its `id` from `GET /api/v1/companies/{id}/accounts`. */
  @IsUUID()
  account_id: string;
}

export class LinkPositionDto {
  /**
   * A position of this company: its `id` from `GET /api/v1/companies/{id}/modules/hrm/positions` or
   * `POST /api/v1/companies/{id}/modules/hrm/positions`.
   */
  @IsUUID()
  position_id: string;
}

/** An employee as the API shows it (spec 2): its columns but the company, and whether an account is linked. */
export class EmployeeDto extends OmitType(EmployeeEntity, ['company_id', 'company', 'account'] as const) {
  is_account_linked: boolean;
}

/** EMPLOYEE_DETAIL: the employee with its positions, by name. */
export class EmployeeDetailDto extends EmployeeDto {
  positions: PositionDto[];
}
