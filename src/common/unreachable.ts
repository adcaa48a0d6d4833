/** Socket errors of a server that is down or unreachable (an answer, even an error, means it is up). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** Whether an error's `code` says its server could not be reached (the database's, the object store's). */
export function unreachableCode(code: unknown): boolean {
  return typeof code === 'string' && UNREACHABLE.has(code);
}
