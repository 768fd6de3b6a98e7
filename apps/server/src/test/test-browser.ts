interface StoredCookie {
  value: string;
  path: string;
}

/** Where a navigation ended: a page, or the redirect target that `until` asked to stop at (not fetched). */
export type Arrival = { url: URL; response: Response; body: string } | { url: URL; stopped: true };

/**
 * Just enough of a browser for flows that cross servers over real HTTP: a cookie jar (by host and path) and
 * redirects followed one by one, so that a test can stop at any hop, look, tamper and go on.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  async fetch(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers();
    const cookies = [...(this.jar.get(url.host) ?? [])]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
    if (init.form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    for (const header of response.headers.getSetCookie()) this.store(url, header);
    return response;
  }

  /** Follows redirects from `url` until a page answers, or until the next hop satisfies `until`. */
  async navigate(
    url: URL,
    until: (next: URL) => boolean = () => false,
    init: { form?: Record<string, string> } = {},
  ): Promise<Arrival> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, response, body: await response.text() };
      }
      await response.body?.cancel();
      const next = new URL(location, current);
      if (until(next)) return { url: next, stopped: true };
      current = next;
      response = await this.fetch(current);
    }
    throw new Error(`too many redirects from ${url.href}`);
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value;
  }

  setCookie(host: string, name: string, value: string, path = '/'): void {
    const cookies = this.jar.get(host) ?? new Map<string, StoredCookie>();
    cookies.set(name, { value, path });
    this.jar.set(host, cookies);
  }

  private store(url: URL, header: string): void {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    let path = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) || '/';
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'path') path = attributeValue;
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
    }
    if (expired) this.jar.get(url.host)?.delete(name);
    else this.setCookie(url.host, name, value, path);
  }
}
