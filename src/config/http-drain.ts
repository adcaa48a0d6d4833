import type { Server, ServerResponse } from 'node:http';

/**
 * The graceful close of the HTTP server on SIGTERM. While draining, every response says
 * `Connection: close` (those in flight when the drain began and those that arrive on a
 * kept-alive socket during it), so no client sends its next request on a socket about to be
 * closed. Idle keep-alive sockets are closed as they turn idle; past the deadline, all are cut.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;

  constructor(private readonly server: Server) {
    // Prepended: runs before the application answers, even one that answers synchronously.
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.draining) return closeAfter(res);
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  /** Starts draining; the returned function stops the timers once the server has closed. */
  begin(deadlineMs: number): () => void {
    this.draining = true;
    for (const res of this.inFlight) closeAfter(res);
    const idleSweep = setInterval(() => this.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => this.server.closeAllConnections(), deadlineMs);
    return () => {
      clearInterval(idleSweep);
      clearTimeout(deadline);
    };
  }
}

function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
