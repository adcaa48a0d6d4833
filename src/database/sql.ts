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
