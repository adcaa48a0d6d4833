import { ClsService } from 'nestjs-cls';
import { Sweeper } from './sweeper';

const cls = { run: (_options: unknown, work: () => Promise<void>) => work() } as unknown as ClsService;
const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('Sweeper', () => {
  it('forgets batch after batch until one comes back short', async () => {
    const backlog = [3, 3, 3, 1, 0];
    const asked: number[] = [];
    const sweeper = new Sweeper('Test', cls, 60_000, 3, async (limit) => {
      asked.push(limit);
      return backlog.shift()!;
    });
    await sweeper.sweep();
    expect(asked).toEqual([3, 3, 3, 3]);
    expect(backlog).toEqual([0]);
  });

  it('sweeps every period once started, and not after stop; a failed round does not stop it', async () => {
    let rounds = 0;
    const sweeper = new Sweeper('Test', cls, 20, 10, async () => {
      rounds += 1;
      if (rounds === 1) throw new Error('database away');
      return 0;
    });
    sweeper.start();
    // Two rounds of 20 ms take ~40 ms; a loaded machine may take longer, so wait for them (boundedly).
    const deadline = Date.now() + 5_000;
    while (rounds < 2 && Date.now() < deadline) await tick(10);
    await sweeper.stop();
    const stoppedAt = rounds;
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    await tick(60);
    expect(rounds).toBe(stoppedAt);
  });
});
