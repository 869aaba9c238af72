/** What the change feed sends of sites: the rows by id as REST presents them, limited to their company. */
import type { LoaderTable } from '../sync/contracts';
import { sitePolicy } from './policy';
import { readSites, siteQuery } from './queries';

export const loaders: LoaderTable = {
  site: (knex, user, ids) => readSites(sitePolicy.visible(siteQuery(knex).whereIn('s.id', ids), user)),
};
