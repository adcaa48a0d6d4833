/** A link's lifetime when the client names none: 15 minutes. */
export const DEFAULT_LINK_SECONDS = 15 * 60;
const MIN_LINK_SECONDS = 30;
/** S3's longest presigned lifetime: 7 days. */
const MAX_LINK_SECONDS = 168 * 3600;

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/**
 * The seconds of a Go duration (`90s`, `15m`, `1h30m`, `1.5h`), as the Kroncl server's
 * `expiry` reads them, when within 30s..168h; null otherwise. Fractions of a second are dropped.
 */
export function linkSeconds(duration: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(duration)) return null;
  let seconds = 0;
  for (const [, amount, , unit] of duration.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    seconds += Number(amount) * UNIT_SECONDS[unit];
  seconds = Math.floor(seconds);
  return seconds >= MIN_LINK_SECONDS && seconds <= MAX_LINK_SECONDS ? seconds : null;
}
