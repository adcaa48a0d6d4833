import { documentFileName, periodLabel } from './file-name';

describe('documentFileName', () => {
  const at = new Date('2026-11-24T23:30:00Z');

  it('names a document by its kind and the UTC day it was made, or its own label', () => {
    expect(documentFileName({ kind: 'roster' }, 'pdf', at)).toBe('roster-2026-11-24.pdf');
    expect(documentFileName({ kind: 'invoice', label: '2026-7' }, 'pdf', at)).toBe('invoice-2026-7.pdf');
    expect(documentFileName({ kind: 'finance-report', label: 'from-2026-11-01' }, 'xlsx', at)).toBe(
      'finance-report-from-2026-11-01.xlsx',
    );
  });

  it('keeps letters of any script and turns anything a file system or a header could misread into -', () => {
    expect(documentFileName({ kind: 'отчёт', label: 'a/b "c";\\d' }, 'pdf', at)).toBe('отчёт-a-b-c-d.pdf');
  });
});

describe('periodLabel', () => {
  it('labels a window by the days as written, and nothing without one', () => {
    expect(periodLabel({ start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-30T23:59:59+03:00' })).toBe(
      '2026-11-01_2026-11-30',
    );
    expect(periodLabel({ start_date: '2026-11-01T00:00:00Z' })).toBe('from-2026-11-01');
    expect(periodLabel({ end_date: '2026-11-30T00:00:00Z' })).toBe('to-2026-11-30');
    expect(periodLabel({})).toBeUndefined();
  });
});
