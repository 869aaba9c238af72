/**
 * Products over HTTP: each route parses its input and calls one service function, inside
 * a transaction when it writes. The rules live in service.ts; reads are public and name
 * categories in the reader's language.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { paginationQuerySchema } from '../../../shared/schemas/common';
import {
  productCreateSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
} from '../../../shared/schemas/product';
import { importApplySchema, importReportSchema } from '../../../shared/price-list';
import { createdOrOk, listResult, route } from '../../http/route';
import { applyImport, lastImport, undoLastImport } from './price-list';
import { readerLanguage } from '../categories/language';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listMyProducts,
  listProducts,
  updateProduct,
  type OnProductDeleted,
} from './service';

const tag = 'products';

/**
 * What a product's deletion takes with it outside this area (its photos), in the
 * transaction and after the commit (their files, deleted now rather than by the minute
 * sweep); the composition root gives it, since photos build on products.
 */
export interface ProductDeletion {
  inTransaction: OnProductDeleted;
  afterCommit: (ctx: Context) => Promise<void>;
}

export function productsRouter(deletion: ProductDeletion): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/products',
      summary: 'List a product (supplier, within the plan limit; 200 with the existing one when its client id was already used)',
      tag,
      access: 'user',
      body: productCreateSchema,
      response: productSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => createProduct(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(saved.created, await getProduct(knex, user.language, saved.id));
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/products',
      summary:
        'The catalogue: newest first, or ranked by relevance with search; or sorted by price, rating or nearest supplier city (from `near` or the reader\'s profile city); filter by category (id or slug) and supplier',
      tag,
      access: 'public',
      reads: 'replica',
      query: productListQuerySchema,
      response: z.array(productSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listProducts(knex, readerLanguage(ctx), query, user, ctx.state.catalogueVersion)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/products/imports',
      summary: 'Apply a price list: rows matching an own product (id or SKU) update its price and stock, the others are new products; all rows or the valid ones (supplier)',
      tag,
      access: 'user',
      body: importApplySchema,
      response: importReportSchema,
      status: 201,
    },
    ({ ctx, knex, user, body }) => knex.transaction((trx) => applyImport(trx, user, body, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/products/imports/last',
      summary: "The supplier's latest price list import and whether it was undone",
      tag,
      access: 'user',
      response: importReportSchema,
    },
    ({ knex, user }) => lastImport(knex, user),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/products/imports/last/undo',
      summary: "Undo the supplier's latest price list import: its new products removed, the updated ones' price and stock restored",
      tag,
      access: 'user',
      response: importReportSchema,
    },
    ({ knex, user }) => knex.transaction((trx) => undoLastImport(trx, user)),
  );

  // Before /{id}, which would take "my" for an id.
  route(
    router,
    {
      method: 'get',
      path: '/api/products/my',
      summary: "The supplier's own products, newest first",
      tag,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(productSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyProducts(knex, user, query)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/products/{id}',
      summary: 'One product',
      tag,
      access: 'public',
      reads: 'replica',
      response: productSchema,
    },
    ({ ctx, knex, params }) => getProduct(knex, readerLanguage(ctx), params.id),
  );

  route(
    router,
    {
      method: 'patch',
      path: '/api/products/{id}',
      summary: 'Update an own product: price, stock, availability and the other fields (supplier)',
      tag,
      access: 'user',
      body: productUpdateSchema,
      response: productSchema,
    },
    async ({ ctx, knex, user, params, body }) => {
      // Read back in the same transaction: a delete racing this update waits for its row
      // lock, so an update that was applied is answered 200 with its row, never 404.
      return knex.transaction(async (trx) => {
        await updateProduct(trx, user, params.id, body, ctx.deps.clock.now());
        return getProduct(trx, user.language, params.id);
      });
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: '/api/products/{id}',
      summary: 'Remove an own product (supplier; a soft delete)',
      tag,
      access: 'user',
      status: 204,
    },
    async ({ ctx, knex, user, params }) => {
      await knex.transaction((trx) => deleteProduct(trx, user, params.id, deletion.inTransaction));
      await deletion.afterCommit(ctx);
    },
  );

  return router;
}
