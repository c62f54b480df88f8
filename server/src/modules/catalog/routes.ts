import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertisementSchema,
  categoryParams,
  categorySchema,
  errorSchema,
  pageQuery,
  productDetailSchema,
  productQuerySchema,
  productSchema,
  sellerProductsQuerySchema,
  idParams,
} from '@shop/contract';
import { assertOwnEmail, requireUser } from '../../auth/plugin';
import { forbidden, notFound } from '../../lib/errors';
import { sendKeysetPage } from '../../lib/paging';
import { schemaSerializer } from './serialize';
import { canonicalCategory, type CatalogService } from './service';
import type { ProductFilters } from './sql';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  /**
   * A page of products. X-Total-Count is exact for the unfiltered and per-category lists; for
   * filtered lists it comes with the first page only, and X-Total-Count-Exact: false marks a
   * planner estimate (counting every match of a broad search would cost more than the page).
   */
  const sendProducts = async (request: FastifyRequest, reply: FastifyReply, f: ProductFilters) => {
    const page = await catalog.listProducts(f);
    if (page.total) reply.header('x-total-count-exact', String(page.total.exact));
    return sendKeysetPage(request, reply, page, page.total?.n);
  };

  app.get(
    '/category',
    { schema: { tags: ['catalog'], summary: 'The six categories', response: { 200: z.array(categorySchema) } } },
    async () => catalog.categories(),
  );

  app.get(
    '/advertise',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Advertised products that are still for sale, newest first',
        querystring: pageQuery,
        response: { 200: z.array(advertisementSchema), ...errors },
      },
    },
    async (request, reply) => {
      return sendKeysetPage(request, reply, await catalog.listAds(request.query.limit, request.query.cursor));
    },
  );

  app.get(
    '/allproducts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products for sale, with search, filters and keyset pagination',
        querystring: productQuerySchema,
        response: { 200: z.array(productSchema), ...errors },
      },
      serializerCompiler: schemaSerializer,
    },
    async (request, reply) => sendProducts(request, reply, request.query),
  );

  app.get(
    '/products/:category',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products for sale in one category (same filters as /allproducts)',
        params: categoryParams,
        querystring: productQuerySchema.omit({ category: true }),
        response: { 200: z.array(productSchema), ...errors },
      },
      serializerCompiler: schemaSerializer,
    },
    async (request, reply) =>
      sendProducts(request, reply, { ...request.query, category: canonicalCategory(request.params.category) }),
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product with its condition report (sold and unlisted ones too, so links keep working)',
        params: idParams,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request) => {
      const p = await catalog.productById(request.params.id);
      if (!p) throw notFound('The product');
      await catalog.noteView(p, (await request.sessionUser().catch(() => null))?.id);
      return p;
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: "A seller's own products (that seller, or an admin)",
        querystring: sellerProductsQuerySchema,
        response: { 200: z.array(productSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { email, limit, cursor } = request.query;
      if (!user.adminPowers) {
        if (user.role !== 'seller') throw forbidden('Only sellers have products.');
        assertOwnEmail(user, email);
      }
      return sendKeysetPage(request, reply, await catalog.sellerProducts(email, limit, cursor));
    },
  );
};
