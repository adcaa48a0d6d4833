import type { KeptCounts } from '../../database/kept-counts';

/**
 * Totals the database keeps (docs/architecture.md, "Kept totals"): a resource declares which of
 * its list filters are counted (keepCounts, next to its count table's entity), one migration
 * creates the count table and its triggers from the same declaration (keptCountsMigration in
 * src/database/kept-counts.ts), and listPage reads an unfiltered or singly filtered list's total
 * from the counts instead of counting the company's rows; the repository says nothing.
 */
const declared = new Map<string, KeptCounts>();

/**
 * Declares a resource's kept counts (once, next to its entity), so listPage answers the totals
 * of lists over `table` from them. The declaration's migration must exist (keptCountsMigration).
 */
export function keepCounts(counts: KeptCounts): KeptCounts {
  declared.set(counts.table, counts);
  return counts;
}

/**
 * The kept counts listPage may read for a table: declared, and not per day (a per-day count, as
 * the logs keep, answers a window, which only its module knows how to bound).
 */
export function keptCountsOf(table: string): KeptCounts | undefined {
  const counts = declared.get(table);
  return counts?.day === undefined ? counts : undefined;
}

/** Every declared kept count (the tests recount each). */
export const allKeptCounts = (): KeptCounts[] => [...declared.values()];

/** The count filter of one value: `name=value`, as the triggers write it (uuids in lower case). */
export function countFilter(name: string, value: unknown): string {
  const text = String(value);
  return `${name}=${/^[0-9a-f-]{36}$/i.test(text) ? text.toLowerCase() : text}`;
}
