/** The unique constraint a statement violated, when that is why it failed (SQLSTATE 23505). */
export function violatedUniqueConstraint(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}
