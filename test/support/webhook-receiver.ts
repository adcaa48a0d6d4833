import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on loopback: records every request, and answers as `answer` says
 * (200 unless changed; a handler may also never answer, to make the sender time out).
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: (delivery: ReceivedDelivery, res: ServerResponse) => void = (_delivery, res) => res.end('ok');
  private server!: Server;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const delivery = { path: req.url ?? '/', headers: req.headers, body, at: Date.now() };
        this.received.push(delivery);
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        this.answer(delivery, res);
      });
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The deliveries to one path (one webhook each, in the tests). */
  to(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  /** Waits until `condition` holds, polling. */
  async until(condition: () => boolean, timeoutMs = 15_000, what = 'the deliveries'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${this.received.length}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
