/** A small HTTP client with a cookie jar, speaking to the test server as a browser on its origin would. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Res<T = unknown> = { status: number; headers: Headers; body: T };

export class Client {
  private cookies = new Map<string, string>();
  /** The signed-in user's email and id (set by signUp / signIn). */
  email = '';
  id = '';
  constructor(
    readonly baseUrl: string,
    readonly origin: string = baseUrl,
    /**
     * Marks a new account's email verified, as following the mailed link would (test apps write it
     * to the database); without it, accounts this client signs up stay unverified.
     */
    private readonly verifyEmail?: (userId: string) => Promise<void>,
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const h = { ...headers };
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    return this.answer<T>(await this.raw(method, path, { body: payload, headers: h }));
  }

  /** The bare fetch Response (for answers that may never end, like an event stream), with this client's cookies and origin. */
  async raw(
    method: string,
    path: string,
    init: { signal?: AbortSignal; body?: string | FormData; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const h: Record<string, string> = { origin: this.origin, ...init.headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: init.body, signal: init.signal });
    this.keepCookies(res);
    return res;
  }

  /** A multipart/form-data POST (a file upload), with this client's cookies and origin. */
  async postForm<T = unknown>(path: string, form: FormData): Promise<Res<T>> {
    return this.answer<T>(await this.raw('POST', path, { body: form }));
  }

  /** The answer read whole: its body parsed as JSON when it is JSON (null when empty), else the text. */
  private async answer<T>(res: Response): Promise<Res<T>> {
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  private keepCookies(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const k = pair.slice(0, i).trim();
      const v = pair.slice(i + 1).trim();
      if (!v || /max-age=0/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
  }

  /** The cookie jar's value for `name` (undefined when not set). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /**
   * A browser navigation (GET) to `url` (absolute, or a path on this server), following redirects one
   * hop at a time across origins (e.g. to an OAuth provider and back), sending and keeping cookies for
   * this server only. Stops at the first answer that is not a redirect, or at a redirect to a page of
   * the web app (a path on this server outside /api): `landed` is where the browser ends up.
   */
  async navigate(url: string, maxHops = 10): Promise<{ landed: URL; status: number; hops: string[] }> {
    const own = new URL(this.baseUrl).origin;
    let target = new URL(url, this.baseUrl);
    const hops: string[] = [];
    for (let i = 0; i < maxHops; i++) {
      hops.push(target.toString());
      const headers: Record<string, string> = {};
      if (target.origin === own && this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(target, { headers, redirect: 'manual' });
      if (target.origin === own) this.keepCookies(res);
      await res.arrayBuffer();
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { landed: target, status: res.status, hops };
      const next = new URL(location, target);
      if (next.origin === own && !next.pathname.startsWith('/api/')) return { landed: next, status: res.status, hops };
      target = next;
    }
    throw new Error(`more than ${maxHops} redirects: ${hops.join(' -> ')}`);
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  del<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /**
   * The web app's flow: Better Auth sign-up, then POST /users records the role. The email is verified
   * in between (so ADMIN_EMAILS and the seller's gates apply) unless `verified: false`.
   */
  async signUp(email: string, opts: { name?: string; isSeller?: boolean; password?: string; verified?: boolean } = {}) {
    const name = opts.name ?? email.split('@')[0];
    const r = await this.post<{ user?: { id: string } }>('/api/auth/sign-up/email', {
      name,
      email,
      password: opts.password ?? 'pass-word-123',
    });
    if (r.status !== 200) throw new Error(`sign-up ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    this.id = r.body.user?.id ?? '';
    if (opts.verified !== false && this.verifyEmail) await this.verifyEmail(this.id);
    const u = await this.post('/api/users', { name, email, isSeller: !!opts.isSeller });
    if (u.status !== 200) throw new Error(`POST /users ${email}: ${u.status} ${JSON.stringify(u.body)}`);
    this.email = email;
    return this;
  }

  async signIn(email: string, password = 'pass-word-123') {
    const r = await this.post<{ user?: { id: string } }>('/api/auth/sign-in/email', { email, password });
    if (r.status === 200) {
      this.email = email;
      this.id = r.body.user?.id ?? '';
    }
    return r;
  }
}
