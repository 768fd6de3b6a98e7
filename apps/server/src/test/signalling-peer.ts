import { MessageHelpers, type BaseMessage } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import { vi } from 'vitest';
import WebSocket from 'ws';

/** One end of a signalling socket: JSON messages in, and a way to wait for the next of a type. */
export class Peer {
  readonly received: (BaseMessage & Record<string, unknown>)[] = [];
  closeCode: number | null = null;
  closeReason = '';
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.received.push(JSON.parse(data.toString('utf8')) as BaseMessage & Record<string, unknown>),
    );
    socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString('utf8');
    });
  }

  static async open(url: string): Promise<Peer> {
    const socket = new WebSocket(url);
    const peer = new Peer(socket);
    await new Promise<void>((resolve) => {
      socket.once('open', () => resolve());
      socket.once('close', () => resolve());
    });
    return peer;
  }

  send(type: Parameters<typeof MessageHelpers.createMessage>[0], params: object = {}): void {
    this.socket.send(JSON.stringify(MessageHelpers.createMessage(type, params)));
  }

  async next(type: string): Promise<BaseMessage & Record<string, unknown>> {
    // vi.waitFor rather than expect.poll: suites also wait for messages in their setup, outside any test.
    await vi.waitFor(
      () => {
        if (!this.received.some((message) => message.type === type)) throw new Error(`no ${type} message yet`);
      },
      { timeout: 5000, interval: 20 },
    );
    const index = this.received.findIndex((message) => message.type === type);
    const [message] = this.received.splice(index, 1);
    if (!message) throw new Error(`no ${type}`);
    return message;
  }

  async closed(): Promise<number> {
    await vi.waitFor(
      () => {
        if (this.closeCode === null) throw new Error('the socket is still open');
      },
      { timeout: 5000, interval: 20 },
    );
    return this.closeCode ?? 0;
  }
}
