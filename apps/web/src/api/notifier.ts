import { ApiError, NetworkError, errorLines } from './errors';

/**
 * How failed calls reach the user. The client stays free of UI code; the
 * application registers a notifier once its component library is loaded.
 */
export type AppErrorKind = 'network' | 'timeout' | 'unknown';

export interface Notifier {
  /** The "Error Occurred..." notice with one line per field or the detail. */
  apiError(lines: string[]): void;
  /** A failure without a usable body: no reply, the 60 s timeout, or a reply without details. */
  appError(kind: AppErrorKind): void;
}

let notifier: Notifier | null = null;

export function setNotifier(next: Notifier | null): void {
  notifier = next;
}

export function notifyFailure(error: unknown): void {
  if (!notifier) return;
  if (error instanceof ApiError) {
    const lines = errorLines(error);
    if (lines.length) notifier.apiError(lines);
    else notifier.appError('unknown');
  } else if (error instanceof NetworkError) {
    notifier.appError(error.timedOut ? 'timeout' : 'network');
  } else {
    notifier.appError('unknown');
  }
}
