import type { FastifyRequest } from 'fastify';
import {
  advertisementSchema,
  categorySchema,
  HOME_BANNER,
  idSchema,
  type InitialPageData,
  NOT_FOUND_META,
  PAGE_META,
  type PAGE_PATTERNS,
  PAGE_SIZE_DEFAULT,
  PRODUCT_NOT_FOUND_META,
  PRODUCT_PHOTO_SIZES,
  type ProductListPage,
  productDetailSchema,
  productMeta,
  productQuerySchema,
  productSchema,
  SELLER_NOT_FOUND_META,
  sellerMeta,
} from '@shop/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { nextPageHref } from '../../lib/paging';
import { requestPath } from '../../lib/request-path';
import { type CatalogService, findCategory } from '../catalog/service';
import type { ReviewsService } from '../trust/reviews';
import { type PageHead, productJsonLd } from './shell';

type PagePattern = (typeof PAGE_PATTERNS)[number];

/** What a page's loader has to hand: where pages read, and the shop's name and address. */
export type LoaderContext = {
  database: Database;
  catalog: CatalogService;
  reviews: ReviewsService;
  shopName: string;
  /** The shop's absolute address for a path (an absolute URL as it is). */
  absolute(path: string): string;
};

/** A page as its loader finds it: its status, its head, and the data its first screen needs (InitialPageData). */
type PageAnswer = { status: number; head: PageHead; data?: InitialPageData };

/** A page's loader: `head` is the page's PAGE_META entry for this address, a copy it may add to. */
type PageLoader = (
  request: FastifyRequest<{ Params: Record<string, string | undefined> }>,
  head: PageHead,
  context: LoaderContext,
) => Promise<PageAnswer>;

/** A page's head from its PAGE_META entry (a function of the address's parameters for some), a copy to add to. */
export const headOf = (pattern: PagePattern, params: Record<string, string | undefined>): PageHead => {
  const meta = PAGE_META[pattern];
  return typeof meta === 'function' ? meta(params) : { ...meta };
};

/** Whether a page's address has a query (filters): its list is then the browser's to load. */
const hasQuery = (request: FastifyRequest) => request.url.includes('?');

/**
 * The first page of a product list without filters, as the app reads GET `apiPath` (its body, and
 * the Link, X-Total-Count and X-Total-Count-Exact headers sendKeysetPage and sendProducts write).
 */
async function firstProductPage(catalog: CatalogService, apiPath: string, category?: string): Promise<ProductListPage> {
  const page = await catalog.listProducts(productQuerySchema.parse(category ? { category } : {}));
  return {
    items: z.array(productSchema).parse(page.items),
    next: page.nextCursor ? nextPageHref(apiPath, page.nextCursor) : null,
    total: page.total?.n ?? null,
    totalExact: page.total ? page.total.exact : true,
  };
}

/**
 * Whether a product row has this id, hidden or not. A product page answers 200 for an item on sale
 * or sold (its page still tells what it sold for), 410 for one hidden by moderation, a deleted or
 * suspended seller, or unlisted by its seller, 404 for no such item: this tells the last two apart.
 */
async function productExists(database: Database, id: string): Promise<boolean> {
  const rows = await database.query<{ one: number }>('page-product-exists', 'select 1 as one from product where id = $1', [id]);
  return rows.length > 0;
}

/** The home page: the first screen's lists, as GET /api/category, GET /api/advertise and GET /api/allproducts answer them. */
const home: PageLoader = async (request, head, { catalog }) => {
  head.preload = { href: HOME_BANNER.src, srcset: HOME_BANNER.srcset, sizes: HOME_BANNER.sizes };
  // Lists that cannot be read now leave the page to load them (it says what went wrong then).
  const data = await Promise.all([
    catalog.categories(),
    catalog.listAds(PAGE_SIZE_DEFAULT),
    hasQuery(request) ? undefined : firstProductPage(catalog, '/api/allproducts'),
  ])
    .then(
      ([categories, ads, products]): InitialPageData => ({
        categories: z.array(categorySchema).parse(categories),
        advertisements: z.array(advertisementSchema).parse(ads.items),
        ...(products ? { productList: { page: products } } : {}),
      }),
    )
    .catch((err: unknown) => {
      request.log.error({ err }, 'page: home lists not read; sent without them');
      return {};
    });
  return { status: 200, head, data };
};

/** A category: only the shop's own (any other text would become a 200 page's title and link preview); its list for someone signed in. */
const category: PageLoader = async (request, _head, { catalog }) => {
  const raw = request.params.category ?? '';
  const known = findCategory(raw);
  if (!known) return { status: 404, head: NOT_FOUND_META };
  const head = headOf('/category/:category', { category: known });
  // The list is for someone signed in (a guest is asked to log in), as the page shows it.
  const signedIn = Boolean(await request.authSession().catch(() => null));
  if (!signedIn || hasQuery(request)) return { status: 200, head };
  // A list that cannot be read now leaves the page to load it (it says what went wrong then).
  const page = await firstProductPage(catalog, `/api/products/${encodeURIComponent(raw)}`, known).catch((err: unknown) => {
    request.log.error({ err }, 'page: category list not read; sent without it');
    return undefined;
  });
  return { status: 200, head, data: page ? { productList: { category: raw, page } } : {} };
};

/** A product: 200 on sale or sold, 410 removed, 404 never there; its head tells link previews and search engines about it. */
const product: PageLoader = async (request, _head, { catalog, database, absolute }) => {
  const id = request.params.id ?? '';
  const valid = idSchema.safeParse(id).success;
  // One read for a page that is there; only one not shown asks whether it ever was.
  const found = valid ? await catalog.productById(id) : undefined;
  if (!found || found.status === 'unlisted') {
    const gone = found !== undefined || (valid && (await productExists(database, id)));
    return { status: gone ? 410 : 404, head: PRODUCT_NOT_FOUND_META };
  }
  // Most product pages are opened here (the app then reads the product from the page, not the API).
  await catalog.noteView(found, (await request.sessionUser().catch(() => null))?.id);
  const detail = productDetailSchema.parse(found);
  const cover = detail.photos[0];
  const url = absolute(requestPath(request.url));
  return {
    status: 200,
    head: {
      ...productMeta(detail),
      url,
      ogType: 'product',
      image: cover
        ? { url: absolute(cover.url), width: cover.width, height: cover.height, alt: detail.name }
        : detail.img
          ? { url: absolute(detail.img), width: 800, height: 600, alt: detail.name }
          : undefined,
      jsonLd: productJsonLd(detail, url, absolute),
      preload: cover ? { href: cover.url, srcset: cover.srcset, sizes: PRODUCT_PHOTO_SIZES } : undefined,
    },
    data: { product: detail },
  };
};

/** A seller: the profile as GET /api/sellers/{id} answers it; an unknown, suspended or closed seller is a 404 there and here. */
const seller: PageLoader = async (request, _head, { reviews, shopName }) => {
  const id = request.params.id ?? '';
  const profile = idSchema.safeParse(id).success
    ? await reviews.sellerProfile(id).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      })
    : null;
  if (!profile) return { status: 404, head: SELLER_NOT_FOUND_META };
  return { status: 200, head: sellerMeta(profile, shopName), data: { seller: profile } };
};

/** Any other page: its PAGE_META head, and nothing read (the app asks for what it needs). */
const plain: PageLoader = async (_request, head) => ({ status: 200, head });

/** The pages that read something before they go out, by the route pattern that matched; every other page is `plain`. */
const LOADERS: Partial<Record<PagePattern, PageLoader>> = {
  '/': home,
  '/category/:category': category,
  '/product/:id': product,
  '/seller/:id': seller,
};

export const loaderFor = (pattern: PagePattern): PageLoader => LOADERS[pattern] ?? plain;
