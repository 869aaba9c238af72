/**
 * What the change feed sends for notifications: the caller's own, as the REST API
 * presents them. Another user's id never loads, so it could only ever arrive as a delete.
 */
import type { LoaderTable } from '../sync/contracts';
import { notificationQuery } from './service';

export const loaders: LoaderTable = {
  notification: (knex, user, ids) => notificationQuery(knex, user.account_id).whereIn('id', ids),
};
