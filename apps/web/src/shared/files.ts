import { api } from '../api/client';
import { ApiError } from '../api/errors';
import { notifyFailure } from '../api/notifier';
import { getSession } from '../api/session';

function get(path: string): Promise<Response> {
  const token = getSession().token;
  return fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/**
 * A file the API answers with (PDF, CSV) as a Blob. The token travels in a
 * header, so a plain link cannot fetch it; on 401 one JSON call lets the API
 * client refresh the token, then the file is asked for again.
 */
export async function fetchFile(path: string): Promise<Blob> {
  try {
    let response = await get(path);
    if (response.status === 401) {
      await api('/api/users/me/', { notify: false });
      response = await get(path);
    }
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text || null;
      }
      throw new ApiError(response.status, body, `${response.status} ${response.statusText}`.trim());
    }
    return await response.blob();
  } catch (error) {
    notifyFailure(error);
    throw error;
  }
}

/** Open a PDF in a new tab. The tab is opened at once (inside the click) so browsers do not block it. */
export async function viewFile(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchFile(path));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Print a PDF from a hidden frame. */
export async function printFile(path: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(path));
  const frame = document.createElement('iframe');
  frame.className = 'clin-print-frame';
  frame.src = url;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, 60_000);
  };
  document.body.appendChild(frame);
}

/** Save a file under a name. */
export async function downloadFile(path: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
