import type { UploadResult } from '@shop/contract';
import { apiUpload, type UploadOptions } from '@/lib/api';

/** POST /api/uploads: one photo as multipart form data, with upload progress when asked. */
export function uploadPhoto(file: File, options?: UploadOptions): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<UploadResult>('/uploads', form, options);
}
