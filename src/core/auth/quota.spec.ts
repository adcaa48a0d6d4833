import { nextUtcMidnight, quotaHeaders, retryAfterSeconds } from './quota';

describe('quota arithmetic', () => {
  const lateEvening = new Date('2026-11-21T23:59:30.000Z');

  it('resets at the next UTC midnight', () => {
    expect(nextUtcMidnight(lateEvening)).toBe(Date.UTC(2026, 10, 22) / 1000);
    expect(nextUtcMidnight(new Date('2026-12-31T00:00:00.000Z'))).toBe(Date.UTC(2027, 0, 1) / 1000);
  });

  it('never reports a negative remainder', () => {
    expect(quotaHeaders(10, 3, lateEvening)['X-RateLimit-Remaining']).toBe('7');
    expect(quotaHeaders(10, 12, lateEvening)['X-RateLimit-Remaining']).toBe('0');
  });

  it('asks to retry when the day turns', () => {
    expect(retryAfterSeconds(lateEvening)).toBe(30);
  });
});
