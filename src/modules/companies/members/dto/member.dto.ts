import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray } from 'class-validator';
import { PERMISSION_CODES } from '../../../../vocabulary';
import { OneOf, SearchTerm } from '../../../../core/http/validators';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { ACCOUNT_STATUSES } from '../../../account/accounts/accounts.face';
import { PLATFORM_ROLE_CODES, RoleFilter, RoleFilterQuery } from '../company-member.entity';

/** A member of the company, in the platform's shape (its `accounts` list). */
export class MemberDto {
  /** The member's account id. */
  id: string;
  /** The account's display name. */
  name: string;
  email: string;
  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status: string;
  avatar_url: string | null;
  /** When the account was created. */
  created_at: Date;
  /** The member's role in the platform's words: `owner`, or `guest` for an invited member. */
  @ApiProperty({ enum: PLATFORM_ROLE_CODES })
  role_code: string;
  joined_at: Date;
}

export class MembersQueryDto extends PageQueryDto {
  /** Matches the name or e-mail, case-insensitively. */
  @SearchTerm()
  search?: string;

  @RoleFilterQuery()
  role?: RoleFilter;
}

export class RemovedMemberDto {
  account_id: string;
  removed: boolean;
}

/** A member's own adjustments of what their positions grant; null is none. */
export class MemberSettingsDto {
  account_id: string;
  /** Codes the member holds besides their positions' codes. */
  @ApiProperty({ enum: PERMISSION_CODES, isArray: true, nullable: true })
  increase_permissions: string[] | null;
  /** Codes taken from the member whatever their positions grant. */
  @ApiProperty({ enum: PERMISSION_CODES, isArray: true, nullable: true })
  reduce_permissions: string[] | null;
  /** When the settings were first written (the joining time while never written). */
  created_at: Date;
  updated_at: Date;
}

const CODES = PERMISSION_CODES as readonly string[];

/** Catalog permission codes, at most as many as the catalog has; optional, null allowed. */
const PermissionCodes = () =>
  // As if written `@IsArray() @ArrayMaxSize(…) @OneOf(…)` (decorators apply bottom up).
  applyDecorators(
    OneOf(PERMISSION_CODES, {
      optional: true,
      each: true,
      message: 'each must be a permission code of the catalog',
      nullable: true,
    }),
    ArrayMaxSize(CODES.length),
    IsArray(),
  );

/** Only the fields sent change; null clears one. Each code is a catalog code. */
export class UpdateMemberSettingsDto {
  @PermissionCodes()
  increase_permissions?: string[] | null;

  @PermissionCodes()
  reduce_permissions?: string[] | null;
}

/** One code of a member's effective permissions, as the platform lists them. */
export class PermissionCodeDto {
  code: string;
}
