import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

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
  applyDecorators(
    ApiProperty({
      enum: ROLE_FILTERS,
      required: false,
      description: "`owner`, `member` (the platform's `guest`), or `all`.",
    }),
    IsOptional(),
    IsIn(ROLE_FILTERS),
  );

/** The `company_members.role` a role filter selects; undefined selects every member. */
export const roleOfFilter = (filter: RoleFilter | undefined): string | undefined =>
  filter === 'all' || filter === undefined ? undefined : filter === 'guest' ? 'member' : filter;

/** `role_code` of the membership row aliased `alias`: the role in the platform's words. */
export const platformRoleCode = (alias: string) =>
  `CASE ${alias}.role WHEN 'member' THEN 'guest' ELSE ${alias}.role END AS role_code`;

@Entity('company_members')
@Index('company_members_account_id_idx', ['account_id', 'joined_at'])
export class CompanyMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @PrimaryColumn({ type: 'uuid' })
  account_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;

  @ManyToOne('accounts', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: unknown;

  @Column({ type: 'varchar', length: 16 })
  role: string;

  @CreateDateColumn({ type: 'timestamptz' })
  joined_at: Date;
}
