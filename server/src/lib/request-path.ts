/** The path of a request URL, without its query string. */
export function requestPath(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
