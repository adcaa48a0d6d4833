import { freePort } from './free-port';

describe('freePort', () => {
  it('never answers a port it is told to avoid, even one the system would hand out', async () => {
    const taken = await freePort();
    const others = await Promise.all(Array.from({ length: 20 }, () => freePort([taken])));
    expect(others).not.toContain(taken);
    expect(others.every((port) => port > 0 && port < 65536)).toBe(true);
  });
});
