import { reportSubtitle } from './report-subtitle';

describe('reportSubtitle()', () => {
  const at = new Date('2026-11-24T09:05:59.123Z');
  const made = 'Сформирован 2026-11-24 09:05 UTC';

  it.each([
    [undefined, [made]],
    [{ what: 'Операции', window: {} }, [made]],
    [{ what: 'Операции', window: { start_date: '2026-11-01T00:00:00Z' } }, [made, 'Операции с 2026-11-01T00:00:00Z']],
    [{ what: 'Партии', window: { end_date: '2026-11-30T00:00:00Z' } }, [made, 'Партии по 2026-11-30T00:00:00Z']],
    [
      { what: 'Операции', window: { start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-30T00:00:00Z' } },
      [made, 'Операции с 2026-11-01T00:00:00Z по 2026-11-30T00:00:00Z'],
    ],
  ])('%j: %j', (covers, subtitle) => {
    expect(reportSubtitle(covers, at)).toEqual(subtitle);
  });
});
