/** Turning a failed read into the reason a visitor is shown (spec section 8). */

type MaybeFields = { detail?: unknown; error?: unknown; message?: unknown; data?: unknown };

function fields(value: unknown): MaybeFields {
  return typeof value === 'object' && value !== null ? (value as MaybeFields) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The reason of a failure, in the spec's priority: the response's `detail` field, then its
 * `error` field, then the error's own message, then `fallback`. The response body is read from
 * `error.response.data` (an HTTP client's failure) or from the error itself.
 */
export function failureReason(error: unknown, fallback: string): string {
  const own = fields(error);
  const body = fields(fields((own as { response?: unknown }).response).data);
  return (
    text(body.detail) ??
    text(own.detail) ??
    text(body.error) ??
    text(own.error) ??
    text(own.message) ??
    fallback
  );
}

export const TEAM_ERROR_FALLBACK = 'Failed to load team members.';
