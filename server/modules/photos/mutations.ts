/**
 * The photo writes a client may queue offline: the same service functions as the REST
 * routes. Files of removed photos are swept by the minute sweep (server/main.ts).
 */
import { areaMutations } from '../sync/contracts';
import { removePhoto, reorderPhotos } from './service';

export const mutations = areaMutations({
  'product.photos.reorder': (trx, user, { id, order }) => reorderPhotos(trx, user, id, order),
  'product.photos.remove': (trx, user, { id, photo_id }) => removePhoto(trx, user, id, photo_id),
});
