import { InvalidEnvironmentError } from './environment';

/**
 * A start-up failure the operator can act on: its message says, in one line, what failed and
 * what to do, so it is printed without a stack trace.
 */
export class StartupError extends Error {}

/** What to print when start-up fails: the stack trace only for failures nobody foresaw. */
export function startupFailure(error: unknown): string {
  if (error instanceof InvalidEnvironmentError) return error.message;
  if (error instanceof StartupError) return `Start-up failed: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `Start-up failed: ${message || 'unknown error'} (unexpected; the stack trace follows)${stack}`;
}
