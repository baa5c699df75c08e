// The one way the web app talks to the REST service: builds `/xn/rest/{network}/1.0/...`
// URLs, sends form bodies with the session's CSRF token, reads the documents the service
// publishes (its OpenAPI description), and turns error envelopes into ApiError.
import type { QueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope, SessionEntry } from './api-types';

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly subcode: number;
  readonly reason: string;
  readonly trace: string | undefined;

  /** `code` and `subcode` are 0 when the reply was not an error envelope at all. */
  constructor(envelope: { status: number; code: number; subcode: number; reason: string; trace?: string }) {
    super(envelope.reason);
    this.name = 'ApiError';
    this.status = envelope.status;
    this.code = envelope.code;
    this.subcode = envelope.subcode;
    this.reason = envelope.reason;
    this.trace = envelope.trace;
  }
}

/**
 * Where the session query keeps the signed-in member. It lives here because writes read
 * their CSRF token from it; the session feature owns the query itself.
 */
export const sessionQueryKey = (network: string) => ['session', network] as const;

type Params = Record<string, string | number | readonly string[] | undefined>;

function toSearchParams(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of typeof value === 'object' ? value : [value]) search.append(name, String(one));
  }
  return search;
}

export function restUrl(network: string, resource: string, query: Params = {}): string {
  const search = toSearchParams(query).toString();
  return `/xn/rest/${encodeURIComponent(network)}/1.0/${resource}${search ? `?${search}` : ''}`;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go: the browser's fetch, unless the page is being rendered on the server,
 * which answers them itself (as the visitor's own requests would have been answered).
 */
export function setTransport(send: Transport): void {
  transport = send;
}

async function request<T>(url: string, init: RequestInit, isAnswer = isSuccess): Promise<T> {
  const response = await transport(url, { credentials: 'same-origin', ...init });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isAnswer(body)) throw refusal(response.status, response.statusText, body);
  return body as T;
}

/** The ApiError for a reply that is not the answer asked for: its envelope's, or one made from the HTTP status. */
function refusal(status: number, statusText: string, body: unknown): ApiError {
  const envelope = isErrorEnvelope(body) ? body : null;
  return new ApiError({
    status: envelope?.status ?? status,
    code: envelope?.code ?? 0,
    subcode: envelope?.subcode ?? 0,
    reason: envelope?.reason ?? (statusText || 'The service did not answer as expected'),
    trace: envelope?.trace,
  });
}

function isSuccess(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

export function apiGet<T>(
  network: string,
  resource: string,
  query: Params,
  signal?: AbortSignal,
): Promise<T> {
  return request<T>(restUrl(network, resource, query), { signal });
}

/** A JSON document the service publishes outside the envelope, such as its OpenAPI description. */
export function getDocument<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { signal }, (body) => typeof body === 'object' && body !== null && !isErrorEnvelope(body));
}

type Write = { method: 'POST' | 'PUT' | 'DELETE'; query?: Params; form?: Params };

const csrfTokenOf = (client: QueryClient, network: string) =>
  client.getQueryData<SessionEntry | null>(sessionQueryKey(network))?.csrfToken;

/** A write as the signed-in member (if any): the CSRF token comes from the cached session. */
export function apiSend<T>(
  client: QueryClient,
  network: string,
  resource: string,
  { method, query = {}, form }: Write,
): Promise<T> {
  const headers = new Headers();
  const csrfToken = csrfTokenOf(client, network);
  if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
  if (form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return request<T>(restUrl(network, resource, query), {
    method,
    headers,
    body: form ? toSearchParams(form) : undefined,
  });
}

export type Upload<T> = { done: Promise<T>; abort: () => void };

/**
 * A multipart POST as the signed-in member, reporting how much of the body has been sent
 * (0 to 1) as it goes. XMLHttpRequest, because fetch cannot tell upload progress.
 */
export function apiUpload<T>(
  client: QueryClient,
  network: string,
  resource: string,
  body: FormData,
  onProgress: (sent: number) => void,
): Upload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', restUrl(network, resource));
    xhr.withCredentials = true;
    const csrfToken = csrfTokenOf(client, network);
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let reply: unknown = null;
      try {
        reply = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a proxy's error page, say; the status tells what happened.
      }
      if (xhr.status >= 200 && xhr.status < 300 && isSuccess(reply)) resolve(reply as T);
      else reject(refusal(xhr.status, xhr.statusText, reply));
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
