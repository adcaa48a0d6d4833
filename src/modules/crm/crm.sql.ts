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
