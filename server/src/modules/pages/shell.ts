import {
  DEFAULT_DESCRIPTION,
  INITIAL_DATA_ID,
  type InitialPageData,
  type PageMeta,
  pageTitle,
  type ProductDetail,
  SHOP_NAME_META,
} from '@shop/contract';
import { STYLES_FIRST_SCRIPT } from '../../lib/styles-first';

/** What the server writes into a page's head besides the title and description. */
export type PageHead = PageMeta & {
  /** The page's own absolute address, without its query: the canonical link and og:url (none on an error page). */
  url?: string;
  /** Link previews: the cover photo of a product page. */
  image?: { url: string; width: number; height: number; alt: string };
  ogType?: 'website' | 'product';
  /** Structured data (schema.org) for search engines, written as JSON-LD. */
  jsonLd?: object;
  /** The page's largest image, fetched with the HTML instead of after the app has rendered. */
  preload?: { href: string; srcset?: string; sizes?: string };
};

const attr = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The built index.html made into one page of the shop called `shopName` (SHOP_NAME): its title and
 * description, the shop's name for the app (SHOP_NAME_META), canonical link, Open Graph and Twitter
 * card tags, structured data, a preload of its largest image, and the data the app would otherwise
 * ask for first (InitialPageData).
 */
export function renderShell(shell: string, shopName: string, head: PageHead, data: InitialPageData = {}, body?: string): string {
  const title = pageTitle(head.title, shopName);
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const tags = [
    `<meta name="${SHOP_NAME_META}" content="${attr(shopName)}" />`,
    ...(head.url
      ? [`<link rel="canonical" href="${attr(head.url)}" />`, `<meta property="og:url" content="${attr(head.url)}" />`]
      : []),
    `<meta property="og:site_name" content="${attr(shopName)}" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${attr(head.title ?? title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(head.title ?? title)}" />`,
    `<meta name="twitter:description" content="${attr(description)}" />`,
  ];
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${attr(head.image.url)}" />`,
      `<meta property="og:image:width" content="${head.image.width}" />`,
      `<meta property="og:image:height" content="${head.image.height}" />`,
      `<meta property="og:image:alt" content="${attr(head.image.alt)}" />`,
      `<meta name="twitter:image" content="${attr(head.image.url)}" />`,
    );
  }
  if (head.preload) {
    const { href, srcset, sizes } = head.preload;
    tags.push(
      `<link rel="preload" as="image" href="${attr(href)}"${srcset ? ` imagesrcset="${attr(srcset)}"` : ''}${sizes ? ` imagesizes="${attr(sizes)}"` : ''} fetchpriority="high" />`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);

  // Replacer functions, not strings: a replacement string would read `$&`, `$'` and the like in a
  // product's name as patterns.
  let html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${attr(description)}" />`,
    )
    .replace(/\s*<\/head>/, () => `\n    ${tags.join('\n    ')}\n  </head>`);
  // The rendered body (the app's own HTML, escaped by React) goes inside the root element, after the
  // script that has the parser wait for the stylesheet (lib/styles-first.ts), the data after it.
  const json = Object.keys(data).length
    ? `\n    <script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(data)}</script>`
    : '';
  if (body || json)
    html = html.replace(
      '<div id="root"></div>',
      () => `${body ? STYLES_FIRST_SCRIPT : ''}<div id="root">${body ?? ''}</div>${json}`,
    );
  return html;
}

/** schema.org Product with its Offer: price, currency, availability, used condition, seller. */
export function productJsonLd(product: ProductDetail, url: string, absolute: (path: string) => string): object {
  const images = (product.photos.length ? product.photos.map((p) => p.url) : [product.img]).filter(Boolean).map(absolute);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    image: images,
    category: product.category,
    sku: product._id,
    itemCondition: 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: product.seller },
    },
  };
}
