import { api } from '../../api/client';
import { ApiError, NetworkError } from '../../api/errors';
import { getSession } from '../../api/session';

export type Fields = Record<string, string | number | boolean | null | undefined>;

interface Sent {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(path: string, form: FormData, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getSession().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new NetworkError('upload failed', false));
    xhr.ontimeout = () => reject(new NetworkError('upload timed out', true));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * A multipart upload whose progress can be shown (fetch reports none): the
 * files under `file`, the other fields beside them. The token travels in a
 * header; on 401 one JSON call lets the API client refresh it, then the
 * upload is sent again. A refusal is thrown as an ApiError (its body the
 * DRF-style `{field: [messages]}`), without the app's error notice: the
 * caller shows it beside the file.
 */
export async function uploadFiles<T>(
  path: string,
  files: readonly File[],
  fields: Fields,
  onProgress: (percent: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  }
  // The file parts last, so the server has read every field when the bytes arrive.
  for (const file of files) form.append('file', file, file.name);
  let sent = await send(path, form, onProgress, signal);
  if (sent.status === 401 && getSession().refresh) {
    await api('/api/users/me/', { notify: false });
    onProgress(0);
    sent = await send(path, form, onProgress, signal);
  }
  if (sent.status < 200 || sent.status >= 300) throw new ApiError(sent.status, sent.body, String(sent.status));
  return sent.body as T;
}

/** A refusal in a few words: the server's messages, or what happened to the request. */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    if (fields) return Object.values(fields).flat().join(' ');
    if (error.detail) return error.detail;
  }
  return fallback;
}
