/**
 * What other modules may use of members (docs/architecture.md, "Module faces").
 */
export {
  MEMBER_ROLES,
  PLATFORM_ROLE_CODES,
  type RoleFilter,
  RoleFilterQuery,
  platformRoleCode,
  roleOfFilter,
} from './company-member.entity';
export { MemberRemovals, Memberships } from './member-ports';
export { MembersModule } from './members.module';
export { COMPANY_MEMBERSHIPS, MEMBER_PERMISSION_SETTINGS } from './member-views';
