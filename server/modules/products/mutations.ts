/**
 * The product writes a client may queue offline (DESIGN section 10). Each runs the same
 * service function as its REST route; the args are the route's body plus the id its path
 * carries.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import {
  productCreateSchema,
  productDeleteArgsSchema,
  productUpdateArgsSchema,
} from '../../../shared/schemas/product';
import { createProduct, deleteProduct, updateProduct } from './service';

export const mutations: MutationTable = {
  'product.create': defineMutation({
    schema: productCreateSchema,
    run: async (trx, user, args) => (await createProduct(trx, user, args)).row,
  }),
  'product.update': defineMutation({
    schema: productUpdateArgsSchema,
    run: (trx, user, { id, ...patch }) => updateProduct(trx, user, id, patch),
  }),
  'product.delete': defineMutation({
    schema: productDeleteArgsSchema,
    run: (trx, user, { id }) => deleteProduct(trx, user, id),
  }),
};
