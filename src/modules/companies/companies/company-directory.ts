import { Injectable } from '@nestjs/common';
import { containing, listPage, listPageOfObjects, startingWith, Where } from '../../../core/pagination/list';
import type { Page } from '../../../core/pagination/page';
import type { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { join, raw, rfc3339, Sql, sql } from '../../../database/sql';
import { Table } from '../../../database/table';
import { ACCOUNT_PROFILES } from '../../account/accounts/accounts.face';
import { COMPANY_MEMBERSHIPS, platformRoleCode } from '../members/members.face';
import { bucketIdSearch } from './bucket-search';
import { CompanyEntity } from './company.entity';

const companies = new Table(CompanyEntity);

/**
 * A company as the operators' console shows it: its own columns, no company data, and its
 * storage as the Kroncl console reads it. The directory answers no company being deleted, so
 * each answered one is `active`: its tables are the shared schema's, its bucket is made with it
 * (or at its first upload, if the store was down then).
 */
const COMPANY_STORAGE = `'active' AS storage_status, true AS storage_ready, 'public' AS schema_name`;
const COMPANY = `${companies.answer('c', [
  'id',
  'slug',
  'name',
  'description',
  'avatar_url',
  'is_public',
  'email',
  'region',
  'site',
  'owner_id',
  'plan_code',
  'plan_expires_at',
  'created_at',
  'updated_at',
])}, ${COMPANY_STORAGE}`;

export interface DirectoryCompany {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  avatar_url: string | null;
  is_public: boolean;
  email: string | null;
  region: string | null;
  site: string | null;
  owner_id: string;
  plan_code: string;
  plan_expires_at: string;
  created_at: string;
  updated_at: string;
  storage_status: 'active';
  storage_ready: true;
  schema_name: string;
}

export interface DirectoryMember {
  account_id: string;
  name: string;
  email: string;
  status: string;
  avatar_url: string | null;
  role_code: string;
  joined_at: string;
  is_admin: boolean;
  admin_level: number;
}

/** What a live company's store holds, by the counters the company keeps (no store is listed). */
export interface CompanyStore {
  company_id: string;
  company_name: string;
  created_at: string;
  objects_count: number;
  objects_bytes: number;
}

const COMPANY_STORE = `c.id AS company_id, c.name AS company_name, ${rfc3339('c.created_at')} AS created_at,
  c.objects_count, c.objects_bytes::float8 AS objects_bytes`;

export interface AccountCompany {
  id: string;
  name: string;
  slug: string;
  role_code: string;
}

/** The live companies of each creation day (CompanyCreationDayEntity): deep pages of the lists start at their day. */
const LIVE_COMPANY_DAYS = { counts: 'company_creation_days', column: 'c.created_at' };

/**
 * Every company of the platform, read only, for the operators' console (CONTRACT 21): the
 * companies being deleted are left out, as everywhere else.
 */
@Injectable()
export class CompanyDirectory {
  constructor(private readonly db: Db) {}

  /**
   * Live companies, newest first; `search` by name or slug. `keptTotal` answers the unfiltered
   * total without counting (a count the caller keeps), so the page costs the same at 100,000.
   */
  list(search: string | undefined, query: PageQueryDto, keptTotal?: Sql): Promise<Page<DirectoryCompany>> {
    // Slugs are lower-case by their pattern; the name's lower-cased copy is kept by a trigger.
    const where = new Where(sql`c.deleting_at IS NULL`).containsLowered(['c.name_lowered', 'c.slug'], search);
    return listPage(
      this.db,
      {
        from: 'companies c',
        where,
        orderBy: 'c.created_at DESC, c.id DESC',
        key: ['c.id'],
        select: COMPANY,
        ...(search === undefined && keptTotal ? { total: keptTotal } : {}),
        ...(search === undefined ? { daysKept: LIVE_COMPANY_DAYS } : {}),
        // A search's count reads the companies' searched columns alone (migration CompanySearchRows),
        // and is remembered until a company is added, removed or renamed.
        searchCountFrom: 'company_search_rows c',
        searchVersion: 'companies',
      },
      query,
    );
  }

  find(companyId: string): Promise<DirectoryCompany | null> {
    return this.db.one(
      sql`SELECT ${raw(COMPANY)} FROM companies c WHERE c.id = ${companyId} AND c.deleting_at IS NULL`,
    );
  }

  /**
   * Live companies' stores, newest first. `bucketSearch` matches the store's name, `prefix`
   * followed by the company id, through the index of the ids' text (bucketIdSearch; a bounded
   * count, CONTRACT 4); `keptTotal` answers the unfiltered total without counting.
   */
  stores(
    query: PageQueryDto,
    bucketSearch: { prefix: string; term: string } | undefined,
    keptTotal: Sql,
  ): Promise<Page<CompanyStore>> {
    const where = new Where(sql`c.deleting_at IS NULL`);
    if (bucketSearch !== undefined) {
      const { everyBucket, within, startingWith: starts } = bucketIdSearch(bucketSearch.prefix, bucketSearch.term);
      // The same expression as the index of the ids' text (companies_id_trgm_idx), or it is not used.
      const matches = [
        sql`c.id::text ILIKE ${containing(within)}`,
        ...starts.map((start) => sql`c.id::text ILIKE ${startingWith(start)}`),
      ];
      where.search(everyBucket ? sql`TRUE` : sql`(${join(matches, ' OR ')})`);
    }
    return listPageOfObjects(
      this.db,
      {
        from: 'companies c',
        where,
        orderBy: 'c.created_at DESC, c.id DESC',
        key: ['c.id'],
        select: COMPANY_STORE,
        ...(bucketSearch === undefined ? { total: keptTotal, daysKept: LIVE_COMPANY_DAYS } : {}),
      },
      query,
    );
  }

  /** A live company's store, or null. */
  store(companyId: string): Promise<CompanyStore | null> {
    return this.db.one(
      sql`SELECT ${raw(COMPANY_STORE)} FROM companies c WHERE c.id = ${companyId} AND c.deleting_at IS NULL`,
    );
  }

  /** The company's members, longest-standing first. */
  members(companyId: string, query: PageQueryDto): Promise<Page<DirectoryMember>> {
    return listPage(
      this.db,
      {
        from: `${COMPANY_MEMBERSHIPS} m`,
        where: new Where(sql`m.company_id = ${companyId}`),
        orderBy: 'm.joined_at, m.account_id',
        key: ['m.company_id', 'm.account_id'],
        join: `JOIN ${ACCOUNT_PROFILES} a ON a.id = m.account_id`,
        select: `m.account_id, a.name, a.email, a.status, a.avatar_url, ${platformRoleCode('m')},
          ${rfc3339('m.joined_at')} AS joined_at,
          a.is_admin, CASE WHEN a.is_admin THEN least(a.admin_level, 5) ELSE 0 END AS admin_level`,
      },
      query,
    );
  }

  /** The companies the account belongs to, by name. */
  ofAccount(accountId: string): Promise<AccountCompany[]> {
    return this.db.rows<AccountCompany>(
      sql`SELECT c.id, c.name, c.slug, ${raw(platformRoleCode('m'))}
          FROM ${raw(COMPANY_MEMBERSHIPS)} m JOIN companies c ON c.id = m.company_id AND c.deleting_at IS NULL
          WHERE m.account_id = ${accountId} ORDER BY c.name, c.id`,
    );
  }

  /**
   * The live companies on a paid plan that has not expired (a count the clock moves, so never
   * kept): of `paidTotal`, the kept count of the live companies on a paid plan (a statement
   * answering `{total}`), the expired ones taken away, or, when those are the more, the others
   * counted themselves. Either way one statement reads the smaller side of the expiry index.
   */
  async payingCount(paidTotal: Sql): Promise<number> {
    const onPaidPlan = sql`NOT c.plan_is_trial AND c.deleting_at IS NULL`;
    return (await this.db.one<{ n: number }>(
      sql`WITH paid AS (${paidTotal}),
          expired AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM companies c WHERE ${onPaidPlan}
            AND c.plan_expires_at <= now() LIMIT (SELECT total / 2 + 1 FROM paid)) e)
          SELECT CASE WHEN expired.n <= paid.total / 2 THEN paid.total - expired.n
                 ELSE (SELECT count(*)::int FROM companies c WHERE ${onPaidPlan} AND c.plan_expires_at > now()) END AS n
          FROM paid, expired`,
    ))!.n;
  }
}
