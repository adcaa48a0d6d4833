import type { Db } from '../../database/db';
import { Sql, sql } from '../../database/sql';

/** A search's count, and the stamps of the searched table's writes it was counted under. */
export interface KnownCount {
  version: string;
  total: number;
}

/** How many searches' counts one database's lists remember (the least recently asked go first). */
const REMEMBERED = 1_000;

/**
 * The counts of a list's searches, remembered per database (a process may serve several, as the
 * e2e suites do) with the writes of the searched table they were counted under. Every page of a
 * search, and every repeat of it, asks the same count: under the same stamps it is the same, so
 * the statement answers the remembered one and counts no row (searchVersion in list.ts).
 */
export class SearchCounts {
  private static readonly ofDatabase = new WeakMap<Db, SearchCounts>();
  private readonly counts = new Map<string, KnownCount>();

  static of(db: Db): SearchCounts {
    let counts = SearchCounts.ofDatabase.get(db);
    if (!counts) SearchCounts.ofDatabase.set(db, (counts = new SearchCounts()));
    return counts;
  }

  /** The count of the statement `count`, under the stamps it was last counted under. */
  known(count: Sql): { key: string; known?: KnownCount } {
    const key = JSON.stringify(count.render());
    const known = this.counts.get(key);
    if (known) {
      this.counts.delete(key);
      this.counts.set(key, known);
    }
    return { key, known };
  }

  /** Remembers a count; `version` null (counted by a transaction that wrote) is never remembered. */
  remember(key: string, version: string | null, total: number): void {
    if (version === null) return;
    this.counts.delete(key);
    this.counts.set(key, { version, total });
    if (this.counts.size > REMEMBERED) this.counts.delete(this.counts.keys().next().value as string);
  }
}

/**
 * The one-row relation of a searched list's total under the stamps of `table`'s writes that this
 * snapshot sees (migration SearchVersions): `version`, the stamps (each number given once, so the
 * same stamps mean the same writes), and `total`, `known`'s when its stamps are these, else
 * `count` counted (a CASE runs its subquery only when it takes that branch). A transaction that
 * wrote sees its own uncommitted writes, which a stamp of another may later share: its version
 * is null, so its count is neither taken nor remembered.
 */
export function versionedTotal(table: string, count: Sql, known: KnownCount | undefined): Sql {
  return sql`SELECT stamps.version,
      CASE WHEN stamps.version = ${known?.version ?? null}::text THEN ${known?.total ?? null}::int ELSE (${count}) END AS total
    FROM (SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL
        THEN coalesce(string_agg(version::text, ',' ORDER BY version), '') END AS version
      FROM search_versions WHERE name = ${table}) stamps`;
}
