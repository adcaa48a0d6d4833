import { OneOf } from '../../../core/http/validators';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { OwningCompany, Reference } from '../../../database/company-reference';

export const MEMBER_ROLES = ['owner', 'member'] as const;

/**
 * The platform's names of the roles (`role_code`, CONTRACT 17): its invited members are guests.
 * Role filters take these, ours, and `all` (no filter).
 */
export const PLATFORM_ROLE_CODES = ['owner', 'guest'] as const;
export const ROLE_FILTERS = ['all', 'owner', 'member', 'guest'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** A list's `role` filter: `owner`, `member` (the platform's `guest`), or `all`. */
export const RoleFilterQuery = () =>
  OneOf(ROLE_FILTERS, { optional: true, description: "`owner`, `member` (the platform's `guest`), or `all`." });

/** The `company_members.role` a role filter selects; undefined selects every member. */
export const roleOfFilter = (filter: RoleFilter | undefined): string | undefined =>
  filter === 'all' || filter === undefined ? undefined : filter === 'guest' ? 'member' : filter;

/** `role_code` of the membership row aliased `alias`: the role in the platform's words. */
export const platformRoleCode = (alias: string) =>
  `CASE ${alias}.role WHEN 'member' THEN 'guest' ELSE ${alias}.role END AS role_code`;

/** The key of a membership and of what belongs to one (its settings): the company and the account, each removing the row when it goes. */
export abstract class MembershipKey {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @OwningCompany() company?: unknown;

  @Reference('accounts', 'CASCADE') account?: unknown;
}

@Entity('company_members')
@Index('company_members_account_id_idx', ['account_id', 'joined_at'])
export class CompanyMemberEntity extends MembershipKey {
  @Column({ type: 'varchar', length: 16 })
  role: string;

  @CreateDateColumn({ type: 'timestamptz' })
  joined_at: Date;
}
