import net from 'node:net';

/**
 * A TCP proxy on a free loopback port in front of a real service (PostgreSQL), that can do to its clients what a
 * restart of that service does: drop every open connection (`cut`) and refuse new ones until it is back (`down`,
 * `up`). Faults are made in the network, so the service itself and everyone else using it carry on.
 */
export class TcpProxy {
  private readonly server = net.createServer((client) => this.accept(client));
  private readonly open = new Set<net.Socket>();
  private refusing = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  /** The service goes away: open connections are reset, new ones closed at once, until `up`. */
  down(): void {
    this.refusing = true;
    for (const socket of this.open) socket.resetAndDestroy();
    this.open.clear();
  }

  up(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.refusing) {
      client.resetAndDestroy();
      return;
    }
    splice(client, this.target, this.open);
  }
}

/**
 * Joins a client connection to a new one to `target`, both kept in `open` until either side ends, which ends the
 * other: the forwarding a TCP proxy or a TCP-mode load balancer does.
 */
export function splice(client: net.Socket, target: { host: string; port: number }, open: Set<net.Socket>): void {
  const upstream = net.connect(target);
  open.add(client).add(upstream);
  const forget = () => {
    open.delete(client);
    open.delete(upstream);
    client.destroy();
    upstream.destroy();
  };
  client.on('error', forget).on('close', forget);
  upstream.on('error', forget).on('close', forget);
  client.pipe(upstream).pipe(client);
}
