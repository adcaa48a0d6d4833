import type { Sql } from '../../database/sql';

/** Everything the company guard needs to know about a caller and a company, in one lookup. */
export interface CompanyStanding {
  plan_code: string;
  plan_lvl: number;
  plan_expires_at: Date;
  expired: boolean;
  /** The caller's role, null when not a member. */
  role: 'owner' | 'member' | null;
  /** For a member: the codes granted by the positions of their active linked employee card. */
  granted: string[] | null;
}

/**
 * The standing of the caller in the company of the path, looked up ahead of the company guard
 * (with the API key, in the key's round trip) on a read; the guard uses it instead of its own
 * lookup when it is for the same company and account.
 */
export interface PrefetchedStanding {
  companyId: string;
  accountId: string;
  standing: CompanyStanding | null;
}

/**
 * Looks up a company's plan and the caller's membership and granted codes, in one query. Core
 * declares it; the companies module, which owns those tables, implements it. Null when the
 * company does not exist or is being deleted.
 */
export abstract class CompanyStandings {
  abstract standing(companyId: string, accountId: string): Promise<CompanyStanding | null>;

  /**
   * The statement of `standing`, with the account's id given as SQL (a column of an enclosing
   * statement): the auth guard sends it with an API key's lookup, one round trip for both.
   */
  abstract standingStatement(companyId: string, accountId: Sql): Sql;

  /**
   * Holds the company for the current transaction (its row share-locked, FOR KEY SHARE): a
   * change takes it before touching any of the company's rows, so a purge, which locks the
   * company row first too, waits for the change or the change for the purge, never both (no
   * deadlock). Concurrent changes do not wait for each other. False when the company is gone
   * or marked for deletion. `exclusive` (routes marked `@ChangesCompanyKey()`) locks the row
   * FOR UPDATE instead, as changing a uniquely indexed column of it needs: taken first, so two
   * such changes queue instead of deadlocking on a lock upgrade.
   */
  abstract holdForChange(companyId: string, exclusive?: boolean): Promise<boolean>;
}
