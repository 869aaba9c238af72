/**
 * What a product's deletion takes with it: its photos in the same transaction, and their
 * files after the commit. Put together here, at the composition root, because photos
 * build on products (a photo belongs to a product) and products import nothing of photos.
 */
import type { ProductDeletion } from '../modules/products/routes';
import { sweepAfterCommit } from '../modules/photos/routes';
import { deleteProductPhotos } from '../modules/photos/service';

export const PRODUCT_DELETION: ProductDeletion = { inTransaction: deleteProductPhotos, afterCommit: sweepAfterCommit };
