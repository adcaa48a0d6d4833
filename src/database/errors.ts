import { unreachableCode } from '../common/unreachable';

/** The unique constraint a statement violated, when that is why it failed (SQLSTATE 23505). */
export function violatedUniqueConstraint(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}

/** The foreign key a statement violated, when that is why it failed (SQLSTATE 23503), e.g. deleting a row still referred to. */
export function violatedForeignKey(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23503' && typeof constraint === 'string' ? constraint : null;
}

/** SQLSTATEs of a server that is going away, not there yet, or full (classes 08 and 57P, 53300). */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres's own words for a connection lost, never made, or not handed out in time. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether a failure means the database is unavailable (down, restarting, unreachable, out of
 * connections) rather than that the statement was wrong: a retry later may succeed.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if ((typeof code === 'string' && UNAVAILABLE_STATES.test(code)) || unreachableCode(code)) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    const next = cause as { driverError?: unknown; cause?: unknown };
    cause = next.driverError ?? next.cause;
  }
  return false;
}

/**
 * Whether the transaction failed on a serialisation failure or a deadlock (SQLSTATE 40001,
 * 40P01): rolled back as a whole by the server, so running it again may succeed.
 */
export function transactionCollided(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
    const { code } = cause as { code?: unknown };
    if (code === '40001' || code === '40P01') return true;
    const next = cause as { driverError?: unknown; cause?: unknown };
    cause = next.driverError ?? next.cause;
  }
  return false;
}
