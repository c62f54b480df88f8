type Segment = { text: string } | { link: string };

/**
 * A text cut into plain runs and the http(s) links in it, in order. The punctuation that ends a sentence
 * after a link ("open https://x/y.") stays out of the link.
 */
export function splitLinks(text: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'`]+/g)) {
    const link = m[0].replace(/[.,;:!?)\]]+$/, '');
    if (m.index > at) segments.push({ text: text.slice(at, m.index) });
    segments.push({ link });
    at = m.index + link.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** The http(s) links in a text, in order. */
export function findLinks(text: string): string[] {
  return splitLinks(text).flatMap((s) => ('link' in s ? [s.link] : []));
}
