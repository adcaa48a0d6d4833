import { IsOptional, ValidateBy } from 'class-validator';
import { Rfc3339Time } from '../http/validators';

/** The calendar periods analytics group by (UTC). */
export const PERIODS = ['day', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

const KEY_FORMAT: Record<Period, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
const MONTH_NAMES = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
];

/**
 * SQL of a period group over a timestamptz column: `start` (the period's first instant, UTC, to
 * group and order by), `key` (`2026-11-21`, `2026-11`, `2026`) and `name`, its display form
 * (`21.11.2026`, `Ноябрь 2026`, `2026`). Written in code, never from a request.
 */
export function periodGroup(column: string, period: Period): { start: string; key: string; name: string } {
  const start = `date_trunc('${period}', ${column} AT TIME ZONE 'UTC')`;
  const names: Record<Period, string> = {
    day: `to_char(${start}, 'DD.MM.YYYY')`,
    month: `(ARRAY['${MONTH_NAMES.join("','")}'])[extract(month FROM ${start})::int] || ' ' || to_char(${start}, 'YYYY')`,
    year: `to_char(${start}, 'YYYY')`,
  };
  return { start, key: `to_char(${start}, '${KEY_FORMAT[period]}')`, name: names[period] };
}

/** `start_date` ≤ time ≤ `end_date`, each optional (default: everything). */
export class TimeWindowQueryDto {
  /** From this time, inclusive (RFC 3339). */
  @IsOptional()
  @Rfc3339Time()
  start_date?: string;

  /** Up to this time, inclusive (RFC 3339); not before start_date. */
  @IsOptional()
  @Rfc3339Time()
  @ValidateBy({
    name: 'notBeforeStart',
    validator: {
      validate: (value: unknown, args) => {
        const start = (args?.object as TimeWindowQueryDto).start_date;
        // A malformed start_date is reported on its own field.
        return start === undefined || !(Date.parse(value as string) < Date.parse(start));
      },
      defaultMessage: () => 'must not be before start_date',
    },
  })
  end_date?: string;
}
