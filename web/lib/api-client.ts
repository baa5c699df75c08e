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

async function request<T>(url: string, init: RequestInit, isAnswer = isSuccess): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isAnswer(body)) {
    const envelope = isErrorEnvelope(body) ? body : null;
    throw new ApiError({
      status: envelope?.status ?? response.status,
      code: envelope?.code ?? 0,
      subcode: envelope?.subcode ?? 0,
      reason: envelope?.reason ?? (response.statusText || 'The service did not answer as expected'),
      trace: envelope?.trace,
    });
  }
  return body as T;
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

/** A write as the signed-in member (if any): the CSRF token comes from the cached session. */
export function apiSend<T>(
  client: QueryClient,
  network: string,
  resource: string,
  { method, query = {}, form }: Write,
): Promise<T> {
  const headers = new Headers();
  const csrfToken = client.getQueryData<SessionEntry | null>(sessionQueryKey(network))?.csrfToken;
  if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
  if (form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return request<T>(restUrl(network, resource, query), {
    method,
    headers,
    body: form ? toSearchParams(form) : undefined,
  });
}
