/**
 * A report's subtitle: when it was made (UTC, to the minute), then, when a window was asked,
 * what the report covers within it: `Операции с 2026-11-01 по 2026-11-30` (either end alone too).
 */
export function reportSubtitle(
  covers?: { what: string; window: { start_date?: string; end_date?: string } },
  at = new Date(),
): string[] {
  const made = `Сформирован ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const period = [
    covers?.window.start_date && `с ${covers.window.start_date}`,
    covers?.window.end_date && `по ${covers.window.end_date}`,
  ]
    .filter(Boolean)
    .join(' ');
  return period ? [made, `${covers!.what} ${period}`] : [made];
}
