import { Injectable } from '@nestjs/common';
import { containing, listPage, startingWith, Where } from '../../../core/pagination/list';
import type { Page } from '../../../core/pagination/page';
import type { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, Sql, sql } from '../../../database/sql';
import { accounts } from './accounts.repository';
import type { AccountDto } from './dto/account.dto';

const ACCOUNT = accounts.answer('a');

/**
 * Whether the account's e-mail (stored lower-cased) contains `term`, in any case. A term with an
 * `@` before which something is typed is matched where an address has its only `@`: the local
 * part ends with what precedes it (its reversed copy starts with it: an index range) and the
 * domain starts with what follows. An address with more than one `@` is matched by its whole
 * text (migration AccountAddressSearch). Either way the meaning is the plain substring match's.
 */
function emailContains(term: string): Sql {
  const at = term.indexOf('@');
  if (at <= 0) return sql`a.email LIKE lower(${containing(term)})`;
  const localReversed = [...term.slice(0, at)].reverse().join('');
  const domain = term.slice(at + 1);
  const domainStarts = domain === '' ? sql`` : sql`AND split_part(a.email, '@', 2) LIKE lower(${startingWith(domain)})`;
  return sql`((reverse(split_part(a.email, '@', 1)) LIKE lower(${startingWith(localReversed)}) ${domainStarts})
    OR (a.email LIKE '%@%@%' AND a.email LIKE lower(${containing(term)})))`;
}

/**
 * Every account of the platform, for the operators' console (CONTRACT 21): the directory, its
 * figures, and the administrator level, which only the console changes.
 */
@Injectable()
export class AccountDirectory {
  constructor(private readonly db: Db) {}

  /** Newest first; `search` matches the e-mail or the name (a bounded count, CONTRACT 4). */
  list(search: string | undefined, query: PageQueryDto): Promise<Page<AccountDto>> {
    // The name's lower-cased copy is kept by a trigger.
    const where = new Where(sql`TRUE`).search(
      search === undefined
        ? undefined
        : sql`(${emailContains(search)} OR a.name_lowered LIKE lower(${containing(search)}))`,
    );
    return listPage(
      this.db,
      {
        from: 'accounts a',
        where,
        orderBy: 'a.created_at DESC, a.id DESC',
        key: ['a.id'],
        select: ACCOUNT,
        // Unfiltered, the total is the one the triggers keep (a million accounts are not counted).
        ...(search === undefined ? { total: sql`SELECT total::int AS total FROM account_totals` } : {}),
        // A common term's count reads the covering index of the list's order, not the accounts' rows.
        searchCountOrder: 'a.created_at, a.id',
        // A search's count is remembered until an account is added, removed, renamed or readdressed.
        searchVersion: 'accounts',
      },
      query,
    );
  }

  /**
   * Sign-ups of the last `days` UTC days (today the last), oldest first, days without any left
   * out: from the kept counts of each day (account_signup_days), as fast at a million accounts as
   * at a thousand.
   */
  signupsByDay(days: number): Promise<Array<{ day: string; signups: number }>> {
    return this.db.rows(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(total)::int AS signups
          FROM account_signup_days WHERE day > (now() AT TIME ZONE 'UTC')::date - ${days}::int
          GROUP BY day HAVING sum(total) <> 0 ORDER BY day`,
    );
  }

  find(id: string): Promise<AccountDto | null> {
    return this.db.one<AccountDto>(sql`SELECT ${raw(ACCOUNT)} FROM accounts a WHERE a.id = ${id}`);
  }

  /** The account held until the transaction ends, so two level changes of one account apply one after the other. */
  holdForLevelChange(id: string): Promise<Pick<AccountDto, 'id' | 'is_admin' | 'admin_level'> | null> {
    return this.db.one(sql`SELECT id, is_admin, admin_level FROM accounts WHERE id = ${id} FOR UPDATE`);
  }

  /** Makes the account an administrator of `level`, or (null) no administrator. */
  async setAdminLevel(id: string, level: number | null): Promise<AccountDto> {
    return (await this.db.one<AccountDto>(
      sql`UPDATE accounts a SET is_admin = ${level !== null}, admin_level = ${level}, updated_at = now()
          WHERE a.id = ${id} RETURNING ${raw(ACCOUNT)}`,
    ))!;
  }
}
