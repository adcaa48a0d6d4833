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

/** The kept counts of a table, if declared. */
export const keptCountsOf = (table: string): KeptCounts | undefined => declared.get(table);

/** The count filter of one value: `name=value`, as the triggers write it (uuids in lower case). */
export function countFilter(name: string, value: unknown): string {
  const text = String(value);
  return `${name}=${/^[0-9a-f-]{36}$/i.test(text) ? text.toLowerCase() : text}`;
}
