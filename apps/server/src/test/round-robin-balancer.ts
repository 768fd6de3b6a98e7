import net from 'node:net';
import { splice } from './tcp-proxy.js';

/**
 * A load balancer on a free loopback port, as a TCP-mode HAProxy or a cloud network balancer is: each new connection
 * goes to the next server copy in turn, whatever it carries (HTTP requests, WebSocket upgrades), with nothing sticky.
 * `served` records which copy took each connection, in order.
 */
export class RoundRobinBalancer {
  private readonly server = net.createServer((client) => this.accept(client));
  private readonly open = new Set<net.Socket>();
  private next = 0;
  readonly served: number[] = [];
  port = 0;

  constructor(private readonly targets: { host: string; port: number }[]) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const index = this.next;
    this.next = (this.next + 1) % this.targets.length;
    this.served.push(index);
    splice(client, this.targets[index] as { host: string; port: number }, this.open);
  }
}
