import type { UploadResult } from '@shop/contract';
import { apiUrl, networkError, toApiError } from '@/lib/api';

/** POST /api/uploads: one photo as multipart form data (the JSON wrapper cannot send files). */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(apiUrl('/uploads'), { method: 'POST', body: form, credentials: 'include', signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: toApiError reads the text */
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, body);
  return body as UploadResult;
}
