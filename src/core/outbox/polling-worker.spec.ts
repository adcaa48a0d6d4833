import { ClsService } from 'nestjs-cls';
import { retryDelaySeconds } from './due-rows';
import { PollingWorker } from './polling-worker';

const cls = { run: (_options: unknown, work: () => Promise<void>) => work() } as unknown as ClsService;
const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('PollingWorker', () => {
  it('runs a round every pollMs, one at a time; a nudge runs one at once; stop waits for the one under way', async () => {
    let rounds = 0;
    let concurrent = 0;
    let most = 0;
    const worker = new PollingWorker('Test', cls, 10_000, async () => {
      rounds += 1;
      most = Math.max(most, ++concurrent);
      await tick(30);
      concurrent -= 1;
    });
    worker.start();
    await tick(20);
    expect(rounds).toBe(0);
    worker.nudge();
    await tick(5);
    worker.nudge();
    worker.nudge();
    await tick(100);
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    worker.nudge();
    await tick(5);
    await worker.stop();
    expect(concurrent).toBe(0);
    worker.nudge();
    await tick(20);
    expect(rounds).toBe(3);
  });

  it('a failed round is logged, and the worker goes on', async () => {
    let rounds = 0;
    const worker = new PollingWorker('Test', cls, 10, async () => {
      rounds += 1;
      throw new Error('database down');
    });
    worker.start();
    await tick(80);
    await worker.stop();
    expect(rounds).toBeGreaterThan(1);
  });
});

describe('retryDelaySeconds', () => {
  it('follows the schedule by attempt, then repeats its last step', () => {
    expect([1, 2, 3, 4, 9].map((attempts) => retryDelaySeconds(attempts, [5, 30, 300]))).toEqual([
      5, 30, 300, 300, 300,
    ]);
  });
});
