/** The http(s) links in a text, in order, without the punctuation that ends a sentence after them. */
export function findLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'`]+/g)].map((m) => m[0].replace(/[.,;:!?)\]]+$/, ''));
}
