import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '@/test/fake-xhr';
import { ApiError, apiUpload } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('apiUpload', () => {
  it('posts to /api with cookies, reports progress and resolves with the answer', async () => {
    const seen: { url?: string; withCredentials?: boolean } = {};
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 201, body: '{"_id":"u1"}' }, seen));
    const progress: number[] = [];
    const body = await apiUpload<{ _id: string }>('/uploads', new FormData(), {
      onProgress: (sent, total) => progress.push(sent / total),
    });
    expect(body).toEqual({ _id: 'u1' });
    expect(progress).toEqual([0.5, 1]);
    expect(seen).toEqual({ url: '/api/uploads', withCredentials: true });
  });

  it("turns an error answer into the API's error, and no answer into a network error", async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr({ status: 413, body: '{"error":"file_too_large","message":"file must be at most 15 MB.","field":"file"}' }, {}),
    );
    const refused = await apiUpload('/uploads', new FormData()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 413, code: 'file_too_large', field: 'file', message: 'file must be at most 15 MB.' });

    vi.stubGlobal('XMLHttpRequest', fakeXhr('network-error', {}));
    const lost = await apiUpload('/uploads', new FormData()).catch((e: unknown) => e);
    expect(lost).toMatchObject({ status: 0, code: 'network_error' });
  });
});
