import WebSocket from 'ws';
import type { RemoteServerMessage } from '@autostudio/protocol';

/** A browser-like client of the relay: sends messages and waits for the answer with the same requestId. */
export class RelayClient {
  private readonly received: RemoteServerMessage[] = [];
  private readonly waiters: {
    match: (message: RemoteServerMessage) => boolean;
    resolve: (message: RemoteServerMessage) => void;
  }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as RemoteServerMessage;
      const waiter = this.waiters.find((candidate) => candidate.match(message));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else this.received.push(message);
    });
  }

  static async open(url: string): Promise<RelayClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RelayClient(socket);
  }

  request(message: Record<string, unknown> | string, requestId?: string): Promise<RemoteServerMessage> {
    const answer = new Promise<RemoteServerMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${JSON.stringify(message).slice(0, 200)}`)),
        10_000,
      );
      this.waiters.push({
        match: (candidate) =>
          requestId === undefined || ('requestId' in candidate && candidate.requestId === requestId),
        resolve: (candidate) => {
          clearTimeout(timer);
          resolve(candidate);
        },
      });
    });
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return answer;
  }

  close(): void {
    this.socket.close();
  }
}
