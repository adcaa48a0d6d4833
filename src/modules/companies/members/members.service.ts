import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../core/access/company-access';
import { CompanyStandings } from '../../../core/access/company-standing';
import { effectivePermissions } from '../../../core/access/effective-permissions';
import { PermissionCatalog } from '../../../core/access/permission-catalog';
import { AppException, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import {
  MemberDto,
  MembersQueryDto,
  MemberSettingsDto,
  PermissionCodeDto,
  RemovedMemberDto,
  UpdateMemberSettingsDto,
} from './dto/member.dto';
import { MemberRemovals } from './member-ports';
import { MembersRepository } from './members.repository';

@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly removals: MemberRemovals,
    private readonly standings: CompanyStandings,
    private readonly catalog: PermissionCatalog,
  ) {}

  list(access: CompanyAccess, query: MembersQueryDto): Promise<Page<MemberDto>> {
    return this.members.list(access.companyId, query);
  }

  async get(access: CompanyAccess, accountId: string): Promise<MemberDto> {
    return found(await this.members.find(access.companyId, accountId), 'Member');
  }

  /**
   * Removes a member; the modules listening to removals react (HRM unlinks the employee card). Runs in the audited
   * route's transaction, so both changes and the audit record commit together.
   */
  async remove(access: CompanyAccess, accountId: string): Promise<RemovedMemberDto> {
    const role = await this.members.roleOf(access.companyId, accountId);
    if (!role) throw AppException.notFound('Member');
    if (role === 'owner') throw AppException.conflict('The owner cannot be removed from the company');
    if (!(await this.members.removeMember(access.companyId, accountId))) throw AppException.notFound('Member');
    await this.removals.removed(access.companyId, accountId);
    return { account_id: accountId, removed: true };
  }

  async settings(access: CompanyAccess, accountId: string): Promise<MemberSettingsDto> {
    const member = await this.get(access, accountId);
    return (
      (await this.members.settings(access.companyId, accountId)) ?? {
        account_id: accountId,
        increase_permissions: null,
        reduce_permissions: null,
        created_at: member.joined_at,
        updated_at: member.joined_at,
      }
    );
  }

  /** Only a member's settings; they adjust a member's codes (the owner holds every code regardless). */
  async updateSettings(
    access: CompanyAccess,
    accountId: string,
    dto: UpdateMemberSettingsDto,
  ): Promise<MemberSettingsDto> {
    await this.get(access, accountId);
    const unique = (codes: string[] | null | undefined) => (codes ? [...new Set(codes)].sort() : codes);
    await this.members.saveSettings(access.companyId, accountId, {
      increase_permissions: unique(dto.increase_permissions),
      reduce_permissions: unique(dto.reduce_permissions),
    });
    return this.settings(access, accountId);
  }

  /**
   * A member's effective permissions (CONTRACT 6) as the platform lists them. Any member reads
   * their own; another member's need `accounts.settings`.
   */
  async permissions(access: CompanyAccess, callerId: string, accountId: string): Promise<PermissionCodeDto[]> {
    if (accountId === callerId) return access.permissions.map((code) => ({ code }));
    if (!access.permissions.includes('accounts.settings')) {
      throw AppException.forbidden("Requires permission 'accounts.settings' to read another member's permissions");
    }
    const standing = await this.standings.standing(access.companyId, accountId);
    if (!standing?.role) throw AppException.notFound('Member');
    const held = standing.role === 'owner' ? 'all' : (standing.granted ?? []);
    const codes = effectivePermissions(await this.catalog.byCode(), held, {
      lvl: standing.plan_lvl,
      expired: standing.expired,
    });
    return codes.map((code) => ({ code }));
  }
}
