import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ADMIN_LEVEL_MAX, ADMIN_LEVEL_MIN } from '../../../../../core/access/admin-route.decorators';
import { SearchTerm } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { AccountDto } from '../../../../account/accounts/accounts.face';

export class SearchPageQueryDto extends PageQueryDto {
  /** Matches case-insensitively (a bounded count, `pagination.total_exact`). */
  @SearchTerm()
  search?: string;
}

export class AccountCompanyDto {
  id: string;
  name: string;
  slug: string;
  /** The account's role in the company: owner, admin or guest. */
  role_code: string;
}

/** An account with the companies it belongs to; never a hash or a secret. */
export class AdminAccountDto extends AccountDto {
  companies: AccountCompanyDto[];
}

export class AccountStatsDto {
  total_accounts: number;
  confirmed_accounts: number;
  waiting_accounts: number;
  admin_accounts: number;
  /** How many accounts of each `type`. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { owner: 120, employee: 40 } })
  accounts_with_type: Record<string, number>;
}

export class PromoteAdminDto {
  /** The level to grant, below the caller's own (level 5 comes only from the CLI or ADMIN_EMAIL). */
  @Type(() => Number)
  @IsInt()
  @Min(ADMIN_LEVEL_MIN)
  @Max(ADMIN_LEVEL_MAX)
  @ApiProperty({ minimum: ADMIN_LEVEL_MIN, maximum: ADMIN_LEVEL_MAX, example: 2 })
  level: number;
}
