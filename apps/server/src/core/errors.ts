/**
 * Typed errors thrown by services; the one error handler (core/error-handler.ts)
 * turns them into the DRF-style bodies of DESIGN §2.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Reply headers that go with the error (Retry-After on 429 and 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { detail: this.message };
  }
}

/** 400 with messages per field: `{field: [messages]}`. */
export class ValidationError extends AppError {
  constructor(readonly fields: Record<string, string[]>) {
    super(400, Object.values(fields).flat().join(' '));
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  override body() {
    return this.fields;
  }
}

export const unauthorized = (detail = 'Authentication credentials were not provided.') => new AppError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new AppError(403, detail);
export const notFound = (detail = 'Not found.') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const tooManyRequests = (detail: string) => new AppError(429, detail);
