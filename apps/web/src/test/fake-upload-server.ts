import { vi } from 'vitest';

/** One upload the app sent through XMLHttpRequest, which the test answers. */
export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Reports `loaded` of `total` bytes sent, as the browser would while the body goes out. */
  progress(loaded: number, total: number): void;
  answer(status: number, body: unknown): void;
  /** The connection failed before any answer. */
  fail(): void;
  aborted: boolean;
}

/**
 * Stands in for the browser's network under XMLHttpRequest (jsdom has no server to send to): each request the app
 * makes is recorded for the test to answer, with upload progress events, as a real server and browser would.
 */
export function fakeUploadServer(): { sent: SentUpload[]; restore(): void } {
  const sent: SentUpload[] = [];
  class FakeXhr extends EventTarget {
    status = 0;
    response: unknown = null;
    responseType = '';
    readonly upload = new EventTarget();
    private request: SentUpload | null = null;
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: FormData): void {
      const upload = this.upload;
      const answered = (status: number, response: unknown) => {
        this.status = status;
        this.response = response;
        this.dispatchEvent(new ProgressEvent('load'));
      };
      const failed = () => this.dispatchEvent(new ProgressEvent('error'));
      this.request = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        aborted: false,
        progress: (loaded, total) => {
          upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        },
        answer: answered,
        fail: failed,
      };
      sent.push(this.request);
    }

    abort(): void {
      if (this.request) this.request.aborted = true;
      this.dispatchEvent(new ProgressEvent('abort'));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, restore: () => vi.unstubAllGlobals() };
}
