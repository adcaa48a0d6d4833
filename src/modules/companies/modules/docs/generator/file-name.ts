import type { DocFormat } from './renderers';

/** What a generated document is called when downloaded (docs/documents.md, "File names"). */
export interface DocumentName {
  /** A fixed word of the calling module: `roster`, `finance-report`, `invoice`, … */
  kind: string;
  /**
   * What tells it from others of its kind: a period (periodLabel) or a number (`2026-7`); the
   * day it was made (UTC, `2026-11-24`) when absent.
   */
  label?: string;
}

/** Anything but letters, digits, `.`, `_` and `-` would need quoting somewhere on the way to a disk. */
const UNSAFE = /[^\p{L}\p{N}._-]+/gu;

/** `roster-2026-11-24.pdf`, `finance-report-2026-11-01_2026-11-30.xlsx`, `invoice-2026-7.pdf`. */
export function documentFileName(name: DocumentName, format: DocFormat, at = new Date()): string {
  const label = name.label ?? at.toISOString().slice(0, 10);
  return `${name.kind}-${label}`.replace(UNSAFE, '-') + `.${format}`;
}

/**
 * A report's window (RFC 3339 times) as a file name's label, by the days as written:
 * `2026-11-01_2026-11-30`, `from-2026-11-01`, `to-2026-11-30`; none without one.
 */
export function periodLabel(window: { start_date?: string; end_date?: string }): string | undefined {
  const start = window.start_date?.slice(0, 10);
  const end = window.end_date?.slice(0, 10);
  if (start && end) return `${start}_${end}`;
  if (start) return `from-${start}`;
  if (end) return `to-${end}`;
  return undefined;
}
