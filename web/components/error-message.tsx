// What a failed request tells the reader: the service's reason, or a plain fallback.
import { ApiError } from '../lib/api-client';

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.reason;
  return 'Something went wrong. Check your connection and try again.';
}

export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  return (
    <div role="alert" className="alert">
      {title ? <strong>{title} </strong> : null}
      {errorText(error)}
    </div>
  );
}
