/**
 * What the change feed sends of projects, bids, opening records and objections: the
 * current rows by id, presented as the REST API presents them and limited to what this
 * user may see now (policy.ts). An id left out reaches the client as a delete: a project
 * that was awarded to someone else leaves the view of contractors who did not bid on it; a
 * bid reaches only its bidder until the opening, then the project's owner too; a project's
 * bid_count only its owner until the opening (projectQuery). Of a two-envelope tender the
 * owner gets the technical envelopes from the opening and only the passed bids' rows, from
 * the financial opening (policy.ts ownerSeesBid, envelopePolicy).
 */
import type { LoaderTable } from '../sync/contracts';
import { bidQuery, projectQuery } from './queries';
import { bidPolicy, documentPolicy, envelopePolicy, objectionPolicy, openingPolicy, projectPolicy } from './policy';
import { envelopeQuery } from './tender-envelopes';
import { documentQuery } from './documents';
import { openingQuery } from './tender-opening';
import { objectionQuery } from './tender-objections';

export const loaders: LoaderTable = {
  // A test calling the loader directly has no app clock: the real time.
  project: (knex, user, ids, now) => projectPolicy.visible(projectQuery(knex, now, user).whereIn('p.id', ids), user),
  bid: (knex, user, ids) => bidPolicy.visible(bidQuery(knex).whereIn('b.id', ids), user),
  tender_opening: (knex, user, ids) => openingPolicy.visible(openingQuery(knex).whereIn('o.project_id', ids), user),
  objection: (knex, user, ids) => objectionPolicy.visible(objectionQuery(knex).whereIn('ob.id', ids), user),
  project_document: (knex, user, ids) => documentPolicy.visible(documentQuery(knex).whereIn('d.id', ids), user),
  technical_envelope: (knex, user, ids) => envelopePolicy.visible(envelopeQuery(knex).whereIn('b.id', ids), user),
};
