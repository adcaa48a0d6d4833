import type { KeptSums } from '../../database/kept-counts';
import { raw, Sql, sql } from '../../database/sql';

/**
 * Analyses from kept sums (docs/architecture.md, "Kept totals"): a resource declares its daily
 * sums (keepSums, next to the sums table's entity), a migration creates them
 * (keptSumsMigration in src/database/kept-counts.ts), and an analysis reads a window as its whole
 * UTC days from the sums plus the rows of the partial days at either end (keptDays).
 */
const declared = new Map<string, KeptSums>();

export function keepSums(sums: KeptSums): KeptSums {
  declared.set(sums.table, sums);
  return sums;
}

/** Every declared kept sum (the tests recount each). */
export const allKeptSums = (): KeptSums[] => [...declared.values()];

/**
 * The window `w` [lower, upper] (each bound optional, inclusive) cut into whole UTC days
 * [from_day, to_day) and the partial edges: rows in [lower, head_end) and [tail_start, upper].
 * A window inside one day is one edge; an open bound has no edge.
 */
function daysWindow(start: string | undefined, end: string | undefined): Sql {
  return sql`(SELECT b.lower, b.upper, b.from_day, b.to_day,
      least(b.from_day::timestamp AT TIME ZONE 'UTC', b.upper + interval '1 microsecond') AS head_end,
      greatest(b.to_day, b.from_day)::timestamp AT TIME ZONE 'UTC' AS tail_start
    FROM (SELECT lower, upper,
        ((lower AT TIME ZONE 'UTC') + interval '1 day' - interval '1 microsecond')::date AS from_day,
        ((upper + interval '1 microsecond') AT TIME ZONE 'UTC')::date AS to_day
      FROM (SELECT coalesce(${start ?? null}::timestamptz, '-infinity') AS lower,
                   coalesce(${end ?? null}::timestamptz, 'infinity') AS upper) bounds) b) w`;
}

export interface KeptDaysQuery {
  companyId: string;
  /** The part (e.g. a currency). */
  part: string;
  /** The dimension grouped by (`''`: none), and the SQL type of its key. */
  dim: string;
  keyType: string;
  start?: string;
  end?: string;
}

/**
 * The summed rows of a window as a relation `(created_at, group_id, count, <measures>…)`: one
 * row per kept day (its created_at the day's first instant, UTC) and one per row of a partial
 * day, so grouping it by group_id or by a period of created_at and summing gives the same as
 * summing the rows themselves. The rows are read from `<table> t` over its company and part.
 * Without a window, a dimension kept over all time (`allTime`) is read as one row per group and
 * slot instead, its created_at NULL (such a dimension is grouped by its key, never by a period).
 */
export function keptDays(sums: KeptSums, q: KeptDaysQuery): Sql {
  const names = Object.keys(sums.measures);
  if (q.start === undefined && q.end === undefined && sums.allTime?.includes(q.dim)) {
    // Kept over all time: no day to group by (created_at NULL), every row of the part summed.
    return sql`SELECT NULL::timestamptz AS created_at, nullif(s.key, '')::${raw(q.keyType)} AS group_id, s.count,
        ${raw(names.map((n) => `s.${n}`).join(', '))}
      FROM ${raw(sums.sums)} s
      WHERE s.company_id = ${q.companyId} AND s.dim = ${q.dim} AND s.part = ${q.part} AND s.day = 'infinity'`;
  }
  const window = daysWindow(q.start, q.end);
  const keyOfRow = q.dim === '' ? `NULL::${q.keyType}` : `(${sums.dims[q.dim]})::${q.keyType}`;
  const rows = (range: string) =>
    sql`SELECT t.created_at, ${raw(keyOfRow)} AS group_id, 1 AS count,
        ${raw(
          Object.values(sums.measures)
            .map((expr, i) => `(${expr}) AS ${names[i]}`)
            .join(', '),
        )}
      FROM ${raw(sums.table)} t, ${window}
      WHERE t.company_id = ${q.companyId} AND ${raw(sums.part)} = ${q.part} AND (${raw(sums.where)}) AND ${raw(range)}`;
  return sql`SELECT (s.day::timestamp AT TIME ZONE 'UTC') AS created_at,
        nullif(s.key, '')::${raw(q.keyType)} AS group_id, s.count, ${raw(names.map((n) => `s.${n}`).join(', '))}
      FROM ${raw(sums.sums)} s, ${window}
      WHERE s.company_id = ${q.companyId} AND s.dim = ${q.dim} AND s.part = ${q.part}
        AND s.day >= w.from_day AND s.day < w.to_day
    UNION ALL ${rows('t.created_at >= w.lower AND t.created_at < w.head_end')}
    UNION ALL ${rows('t.created_at >= w.tail_start AND t.created_at <= w.upper')}`;
}
