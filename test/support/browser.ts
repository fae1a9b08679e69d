/**
 * A minimal browser for page tests: keeps cookies per host, follows redirects one hop at a time
 * (so a test can stop at a redirect to another origin) and reads form fields out of HTML.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  async get(url: string, init: { follow?: boolean } = {}): Promise<PageResponse> {
    return this.request(url, { method: 'GET' }, init.follow ?? true);
  }

  /** Posts a form (application/x-www-form-urlencoded); fields with array values repeat. */
  async post(
    url: string,
    fields: Record<string, string | string[]>,
    init: { follow?: boolean; headers?: Record<string, string> } = {},
  ): Promise<PageResponse> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return this.request(
      url,
      { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers } },
      init.follow ?? true,
    );
  }

  cookie(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }

  clearCookie(url: string, name: string): void {
    this.cookies.get(new URL(url).host)?.delete(name);
  }

  private async request(url: string, init: RequestInit, follow: boolean): Promise<PageResponse> {
    let current = url;
    let options = init;
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(current, {
        ...options,
        redirect: 'manual',
        headers: { ...(options.headers as Record<string, string>), cookie: this.cookieHeader(current) },
      });
      this.remember(current, response);
      const location = response.headers.get('location');
      const text = await response.text();
      const page = new PageResponse(current, response.status, response.headers, text);
      if (!follow || !location || response.status < 300 || response.status >= 400) return page;
      const next = new URL(location, current).toString();
      if (new URL(next).origin !== new URL(url).origin) return page;
      current = next;
      options = { method: 'GET' };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** The Cookie header this browser sends to `url`. */
  cookieHeader(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  private remember(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

export class PageResponse {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly text: string,
  ) {}

  get location(): string | null {
    return this.headers.get('location');
  }

  /** The value of the first input named `name` (hidden fields: csrf, token, …). */
  field(name: string): string {
    const match =
      new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(this.text) ??
      new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(this.text);
    if (!match) throw new Error(`no input named ${name} on ${this.url} (status ${this.status})`);
    return decodeEntities(match[1]);
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
