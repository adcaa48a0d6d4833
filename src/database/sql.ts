/**
 * The SET list of a partial update: only the fields that were sent (not undefined), and only
 * columns named in `allowed`, so a stray key can never reach the SQL text.
 */
export function assignments(
  changes: Record<string, unknown>,
  allowed: readonly string[],
  firstParam = 1,
): { sql: string; values: unknown[] } {
  const fields = Object.entries(changes).filter(([column, value]) => value !== undefined && allowed.includes(column));
  return {
    sql: fields.map(([column], i) => `${column} = $${firstParam + i}`).join(', '),
    values: fields.map(([, value]) => value),
  };
}

/**
 * A jsonb parameter: node-postgres would send a JS array as a Postgres array literal, so JSON
 * values go as text. undefined stays undefined (a field not sent), null stays null.
 */
export const jsonb = (value: object | null | undefined): string | null | undefined =>
  value === undefined || value === null ? value : JSON.stringify(value);

/**
 * A timestamptz as the API writes every time (RFC 3339, UTC, milliseconds), for timestamps
 * built into JSON by SQL: json_build_object would write Postgres's own format.
 */
export const rfc3339 = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
