/**
 * The one fetch wrapper of the app's own API. Same-origin `/api`, cookies included, JSON in and out.
 * It only talks HTTP: no toasts, no redirects. Failures throw ApiError, which carries the
 * HTTP status, a stable code and a sentence for people (from `{error, message, field?}` of our
 * API, or `{code, message}` of the auth provider). Better Auth's endpoints under /api/auth are
 * called through its client (auth-client.ts), whose failures become the same ApiError.
 */

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }

  /** 0 when the request never got an answer (offline, DNS, CORS, aborted). */
  get isNetworkError() {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The request never got an answer. */
export function networkError(): ApiError {
  return new ApiError(0, 'network_error', 'Could not reach the shop. Check your connection and try again.');
}

/** A message a person can act on, whatever was thrown. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; undefined, null and '' are left out. */
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A write the shop does once per Idempotency-Key (booking, paying): sent with a new key, and sent
   * again with that key when its answer is lost, as can happen while the shop is being deployed: no
   * answer at all, a 503, or 409 request_in_progress (after their Retry-After), at most 3 times.
   */
  idempotent?: boolean;
}

/** How often an idempotent write is sent again, and the longest wait before each time (tests shorten it). */
export const idempotentRetry = { times: 3, maxWaitMs: 5000 };

/** A new Idempotency-Key (crypto.randomUUID exists on https and localhost only). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits `ms`, or throws the AbortError once `signal` aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The request was aborted.', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** The wait an answer's Retry-After asks for (seconds), within idempotentRetry.maxWaitMs; 1 s without one. */
const retryWaitMs = (headers?: Headers) => {
  const seconds = Number(headers?.get('retry-after') ?? 1);
  return Math.min(Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000, idempotentRetry.maxWaitMs);
};

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/** `/allproducts` -> `/api/allproducts`; a path already under /api (from a Link header) stays. */
export function apiUrl(path: string, query?: Query): string {
  let url = path.startsWith(`${API_BASE}/`) || path === API_BASE ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted. Check what you typed.',
  401: 'Please log in to continue.',
  403: 'You do not have access to this.',
  404: 'Not found.',
  409: 'This conflicts with the current state. Refresh and try again.',
  413: 'That is too large.',
  429: 'Too many requests. Wait a moment and try again.',
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]|^(null|true|false|-?\d)/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Turns an error answer into an ApiError. Exported for tests. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    let b = body as Record<string, unknown>;
    // Stripe-like shape: {error: {code, message}}.
    if (b.error && typeof b.error === 'object') b = { ...(b.error as Record<string, unknown>), field: b.field };
    const code = typeof b.error === 'string' ? b.error : typeof b.code === 'string' ? b.code : `http_${status}`;
    const message =
      typeof b.message === 'string' && b.message
        ? b.message
        : (STATUS_MESSAGES[status] ?? (statusText || `Request failed (${status}).`));
    const field = typeof b.field === 'string' ? b.field : undefined;
    return new ApiError(status, code, message, field);
  }
  const message =
    typeof body === 'string' && body && body.length < 300 && !body.trimStart().startsWith('<')
      ? body
      : (STATUS_MESSAGES[status] ?? (statusText || `Request failed (${status}).`));
  return new ApiError(status, `http_${status}`, message);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, headers, idempotent } = options;
  const key = idempotent ? newIdempotencyKey() : undefined;
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };
  for (let attempt = 0; ; attempt++) {
    const again = !!key && attempt < idempotentRetry.times;
    let response: Response;
    try {
      response = await fetch(apiUrl(path, query), init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      if (again) {
        await wait(retryWaitMs(), signal);
        continue;
      }
      throw networkError();
    }
    const data = await readBody(response);
    if (response.ok) return { data: data as T, headers: response.headers, status: response.status };
    const error = toApiError(response.status, response.statusText, data);
    if (again && (error.status === 503 || (error.status === 409 && error.code === 'request_in_progress'))) {
      await wait(retryWaitMs(response.headers), signal);
      continue;
    }
    throw error;
  }
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Called as the body goes out: bytes sent and the total (fetch cannot report upload progress). */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * POST of a multipart form (a file upload) with upload progress, through XMLHttpRequest: fetch
 * reports no progress of what it sends. Same origin, cookies, answers and errors as apiRequest.
 */
export function apiUpload<T>(path: string, form: FormData, { signal, onProgress }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const text = xhr.responseText;
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: toApiError reads the text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** The answer's body only. */
export async function api<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** The `rel="next"` URL of a Link header, as a path under /api (same origin), or null. */
export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (!match) continue;
    // Neither group is optional: every match has both.
    const target = match[1]!;
    const params = match[2]!;
    if (!/rel="?([^";]*\s)?next(\s[^";]*)?"?/i.test(params)) continue;
    try {
      const url = new URL(target, 'http://relative.invalid');
      return `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  return null;
}

/** X-Total-Count as a number, or null when absent. */
export function totalCount(headers: Headers): number | null {
  const raw = headers.get('x-total-count');
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}
