/**
 * The product writes a client may queue offline. Each runs the same
 * service function as its REST route; the args (shared/mutations.ts) are the route's body
 * plus the id its path carries. Creations in a row (a supplier's stock entered offline)
 * are applied in one statement when none is refused.
 */
import { areaMutations } from '../sync/contracts';
import { createProduct, createProducts, deleteProduct, updateProduct, type OnProductDeleted } from './service';

/** `onDeleted`: what a deletion takes with it outside this area, as the REST route is given it. */
export const productMutations = (onDeleted: OnProductDeleted) =>
  areaMutations({
    'product.create': {
      run: (trx, user, args, deps) => createProduct(trx, user, args, deps.clock.now()),
      runMany: (trx, user, many, deps) => createProducts(trx, user, many, deps.clock.now()),
    },
    'product.update': (trx, user, { id, ...patch }, deps) => updateProduct(trx, user, id, patch, deps.clock.now()),
    'product.delete': (trx, user, { id }) => deleteProduct(trx, user, id, onDeleted),
  });
