import type { FieldErrors } from '@nlims/contracts';

/** A failed API call. `body` is the parsed JSON reply, when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** `{detail}` replies (401, 403, 404, 409, 429 …). */
  get detail(): string | undefined {
    const body = this.body as { detail?: unknown } | null;
    return body && typeof body === 'object' && typeof body.detail === 'string' ? body.detail : undefined;
  }

  /** 400 replies: field name → messages (DRF style). */
  get fieldErrors(): FieldErrors | undefined {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object' || Array.isArray(this.body)) return undefined;
    const entries = Object.entries(this.body as Record<string, unknown>).map(
      ([field, value]) => [field, (Array.isArray(value) ? value : [value]).map(message)] as const,
    );
    return Object.fromEntries(entries);
  }
}

function message(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A request that got no reply at all: offline, DNS, or the 60 s timeout. */
export class NetworkError extends Error {
  readonly timedOut: boolean;

  constructor(message: string, timedOut: boolean) {
    super(message);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

/**
 * The lines of the "Error Occurred..." notice (SPEC §8): each field as its
 * UPPERCASE name followed by its messages joined by commas.
 */
export function errorLines(error: ApiError): string[] {
  const fields = error.fieldErrors;
  if (fields) return Object.entries(fields).map(([field, messages]) => `${field.toUpperCase()}: ${messages.join(', ')}`);
  if (error.detail) return [error.detail];
  return [];
}
