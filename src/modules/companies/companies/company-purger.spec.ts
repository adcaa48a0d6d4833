import { CompanyPurger, nextSweepDelay } from './company-purger';

describe('CompanyPurger sweeps', () => {
  it('back off after failures (1 s, 2 s, 4 s … at most the interval) and return to the interval', () => {
    expect([1, 2, 3, 4, 7, 20].map(nextSweepDelay)).toEqual([1000, 2000, 4000, 8000, 60000, 60000]);
    expect(nextSweepDelay(0)).toBe(60000);
  });

  it('survive a database outage: the failure is logged and the sweep retried, never thrown', async () => {
    jest.useFakeTimers();
    const markedForDeletion = jest
      .fn()
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockResolvedValue([]);
    const cls = { run: (_options: unknown, work: () => unknown) => work() };
    const purger = new CompanyPurger({ markedForDeletion } as never, {} as never, {} as never, cls as never);
    const logged = jest.spyOn((purger as unknown as { logger: { error: () => void } }).logger, 'error');
    logged.mockImplementation(() => undefined);
    try {
      await expect(purger.sweepAndReschedule()).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(markedForDeletion).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(2000);
      expect(markedForDeletion).toHaveBeenCalledTimes(3);
      expect(logged).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(59_000);
      expect(markedForDeletion).toHaveBeenCalledTimes(3);
      await jest.advanceTimersByTimeAsync(1000);
      expect(markedForDeletion).toHaveBeenCalledTimes(4);
    } finally {
      await purger.onApplicationShutdown();
      jest.useRealTimers();
    }
  });
});
