import { LoadedOnce } from './loaded-once';

describe('LoadedOnce', () => {
  it('loads once, however many callers ask at the same time', async () => {
    const load = jest.fn().mockResolvedValue(['a']);
    const once = new LoadedOnce(load);
    expect(await Promise.all([once.get(), once.get()])).toEqual([['a'], ['a']]);
    expect(await once.get()).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(['b']);
    const once = new LoadedOnce(load);
    await expect(once.get()).rejects.toThrow('database down');
    expect(await once.get()).toEqual(['b']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
