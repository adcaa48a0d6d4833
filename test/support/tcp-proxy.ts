import net from 'node:net';

/**
 * A TCP proxy in front of a server, to stage its outages without touching it: `cut()` resets
 * every connection and refuses new ones (a restart), `hang()` accepts and never answers (a
 * frozen server), `restore()` forwards again.
 */
export class TcpProxy {
  private mode: 'forward' | 'cut' | 'hang' = 'forward';
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy!: TcpProxy;
    const server = net.createServer((client) => proxy.accept(client, target));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  cut(): void {
    this.mode = 'cut';
    for (const socket of this.sockets) socket.destroy();
  }

  hang(): void {
    this.mode = 'hang';
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.mode = 'forward';
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket, target: { host: string; port: number }): void {
    if (this.mode === 'cut') return void client.resetAndDestroy();
    this.track(client);
    if (this.mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  }
}
