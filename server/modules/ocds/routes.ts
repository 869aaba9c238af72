/**
 * The open data over HTTP, public (no sign-in): each project as an OCDS 1.1.5 release
 * package, and every project's releases page by page. The mapping and what it withholds
 * before the opening are in releases.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { route } from '../../http/route';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../../shared/constants';
import { uuidSchema } from '../../../shared/schemas/common';
import { projectPackage, releasesPage } from './service';

const tag = 'open data';

/** The shape of a release package (validated in the tests against the published OCDS schema). */
const releasePackageSchema = z
  .object({
    uri: z.string(),
    version: z.string(),
    publishedDate: z.string(),
    publisher: z.object({ name: z.string(), uri: z.string() }),
    releases: z.array(z.object({ ocid: z.string(), id: z.string(), date: z.string(), tag: z.array(z.string()) }).loose()),
    links: z.object({ next: z.string() }).optional(),
  })
  .loose()
  .describe('An OCDS 1.1.5 release package: https://standard.open-contracting.org/schema/1__1__5/release-package-schema.json');

const releasesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  /** the last project of the previous page, as in links.next */
  after: uuidSchema.optional(),
});

export function ocdsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/ocds',
      summary: "The project's tender as an OCDS 1.1.5 release package: tender, award and contract releases (public; nothing sealed before the opening)",
      tag,
      access: 'public',
      reads: 'replica',
      response: releasePackageSchema,
    },
    ({ ctx, knex, params }) => projectPackage(knex, ctx.deps.config, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/ocds/releases',
      summary: "Every project's OCDS 1.1.5 releases in a release package, newest project first, `limit` projects a page; links.next is the next page (public)",
      tag,
      access: 'public',
      reads: 'replica',
      query: releasesQuerySchema,
      response: releasePackageSchema,
    },
    ({ ctx, knex, query }) => releasesPage(knex, ctx.deps.config, query, ctx.deps.clock.now()),
  );

  return router;
}
