import { Injectable } from '@nestjs/common';
import { containing, listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { Db } from '../../../database/db';
import { raw, rfc3339, sql } from '../../../database/sql';
import { Table } from '../../../database/table';
import { ACCOUNT_PROFILES } from '../../account/accounts/accounts.face';
import { CompanyMemberEntity, platformRoleCode, roleOfFilter } from './company-member.entity';
import type { MemberDto, MembersQueryDto, MemberSettingsDto, UpdateMemberSettingsDto } from './dto/member.dto';
import { MemberSettingsEntity } from './member-settings.entity';

export const companyMembers = new Table(CompanyMemberEntity);
const memberSettings = new Table(MemberSettingsEntity);

/** A member as the platform lists it: the account's fields with the membership's role and time. */
const MEMBER = `a.id, a.name, a.email, a.status, a.avatar_url, ${rfc3339('a.created_at')} AS created_at,
  ${platformRoleCode('m')}, ${rfc3339('m.joined_at')} AS joined_at`;

@Injectable()
export class MembersRepository {
  constructor(private readonly db: Db) {}

  /** Members, most recently joined first; `search` and `role` filter (the search needs the account). */
  list(companyId: string, query: MembersQueryDto): Promise<Page<MemberDto>> {
    const where = new Where(sql`m.company_id = ${companyId}`).equals('m.role', roleOfFilter(query.role));
    if (query.search !== undefined) {
      const term = containing(query.search);
      where.search(
        sql`EXISTS (SELECT 1 FROM ${raw(ACCOUNT_PROFILES)} s WHERE s.id = m.account_id AND (s.name ILIKE ${term} OR s.email ILIKE ${term}))`,
      );
    }
    return listPage(
      this.db,
      {
        from: 'company_members m',
        where,
        orderBy: 'm.joined_at DESC, m.account_id DESC',
        key: ['m.company_id', 'm.account_id'],
        select: MEMBER,
        join: `JOIN ${ACCOUNT_PROFILES} a ON a.id = m.account_id`,
      },
      query,
    );
  }

  find(companyId: string, accountId: string): Promise<MemberDto | null> {
    return this.db.one<MemberDto>(
      sql`SELECT ${raw(MEMBER)} FROM company_members m JOIN ${raw(ACCOUNT_PROFILES)} a ON a.id = m.account_id
          WHERE m.company_id = ${companyId} AND m.account_id = ${accountId}`,
    );
  }

  /** The member's settings; null when never written. */
  settings(companyId: string, accountId: string): Promise<MemberSettingsDto | null> {
    return this.db.one<MemberSettingsDto>(
      sql`SELECT account_id, increase_permissions, reduce_permissions, created_at, updated_at
          FROM company_member_settings WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
  }

  /** Writes the fields given (null clears one), creating the settings on first write. */
  async saveSettings(companyId: string, accountId: string, changes: UpdateMemberSettingsDto): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO company_member_settings (company_id, account_id) VALUES (${companyId}, ${accountId})
          ON CONFLICT (company_id, account_id) DO NOTHING`,
    );
    const set = memberSettings.assignments(changes, ['increase_permissions', 'reduce_permissions']);
    if (!set) return;
    await this.db.affected(
      sql`UPDATE company_member_settings SET ${set}, updated_at = now()
          WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
  }

  /** The account's role in the company, null when it is not a member. */
  async roleOf(companyId: string, accountId: string): Promise<'owner' | 'member' | null> {
    const row = await this.db.one<{ role: 'owner' | 'member' }>(
      sql`SELECT role FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
    return row?.role ?? null;
  }

  /**
   * Whether the account is a member, keeping the membership until the caller's transaction ends
   * (FOR SHARE): a concurrent removal waits, then finds and unlinks what the caller linked.
   */
  async holdMembership(companyId: string, accountId: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId} FOR SHARE`,
    );
    return row !== null;
  }

  /** Makes the account the owner of the company it has just created. */
  async addOwner(companyId: string, accountId: string): Promise<void> {
    await this.db.affected(companyMembers.insert({ company_id: companyId, account_id: accountId, role: 'owner' }));
  }

  /** Makes the account a member; an existing membership (the owner's included) is left as it is. */
  async add(companyId: string, accountId: string): Promise<void> {
    await this.db.affected(
      sql`${companyMembers.insert({ company_id: companyId, account_id: accountId, role: 'member' })}
          ON CONFLICT (company_id, account_id) DO NOTHING`,
    );
  }

  /** Removes a membership that is not the owner's, with its settings. False when there was none to remove. */
  async removeMember(companyId: string, accountId: string): Promise<boolean> {
    const removed = await this.db.affected(
      sql`DELETE FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId} AND role = 'member'`,
    );
    if (removed === 0) return false;
    await this.db.affected(
      sql`DELETE FROM company_member_settings WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
    return true;
  }
}
