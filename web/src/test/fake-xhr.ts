export type XhrAnswer = { status: number; body: string } | 'network-error';

/**
 * XMLHttpRequest as far as apiUpload uses it, for `vi.stubGlobal('XMLHttpRequest', fakeXhr(...))`:
 * reports progress (half, then all), then answers `answer`. `seen` receives the URL and whether
 * cookies were sent; with `delayMs` the answer comes that much later, as a real upload's would.
 */
export function fakeXhr(answer: XhrAnswer, seen: { url?: string; withCredentials?: boolean } = {}, delayMs?: number) {
  return class {
    upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    withCredentials = false;
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open(_method: string, url: string) {
      seen.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      seen.withCredentials = this.withCredentials;
      const respond = () => {
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      };
      if (delayMs === undefined) respond();
      else setTimeout(respond, delayMs);
    }
  };
}
