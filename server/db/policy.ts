/**
 * Who may see a row, said once per entity. Each area's
 * `policy.ts` defines, for each entity it owns:
 * - `visible(query, user)`: restricts a query of the area (REST lists and reads, and the
 *   sync loaders) to the rows this user may see now;
 * - `audience`: who receives the row's changes, as rules (everyone, a role, the user named
 *   by a column of the row), from which come `audiences(row)` for the services' change-log
 *   writes and the SQL the start-up backfill runs (`server/registry/backfill.ts`);
 * - `rows(db)`: the live rows with the columns the rules read, for the backfill.
 * The feed may address a change more widely than `visible` allows (the loader drops what
 * the reader may not see, which reaches them as a delete); where it addresses less than
 * REST shows, the narrowing is deliberate and listed in server/modules/sync/policy.test.ts.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../auth/session-user';
import type { Audience, SyncedEntity } from './changes';

/** One audience of a row: everyone, everyone with a role, or the user in column `user_in`. */
type AudienceRule<R> = { all: true } | { role: string } | { user_in: keyof R & string };

export interface EntityPolicy<R> {
  entity: SyncedEntity;
  audience: ReadonlyArray<AudienceRule<R>>;
  /** The audiences of one row's change. */
  audiences(row: R): Audience[];
  /** The live rows (id and the columns `audience` reads) the backfill records. */
  rows(db: Knex): Knex.QueryBuilder;
  /** Restricts a query of this entity (the area's aliases) to what `user` may see. */
  visible(q: Knex.QueryBuilder, user: SessionUser | undefined): Knex.QueryBuilder;
}

export function definePolicy<R extends object>(def: Omit<EntityPolicy<R>, 'audiences'>): EntityPolicy<R> {
  return {
    ...def,
    // A user column may be empty (a delivery without a supplier): it addresses no one.
    audiences: (row) =>
      def.audience.flatMap((rule): Audience[] => {
        if ('user_in' in rule) return row[rule.user_in] == null ? [] : [{ user: String(row[rule.user_in]) }];
        return ['role' in rule ? { role: rule.role } : { all: true }];
      }),
  };
}

/**
 * Every live row's audiences as a query of (id, audience_type, audience): the backfill's
 * source. `from`: another source of rows instead, such as the name of a CTE that wrote them.
 */
export function audienceRows<R extends object>(db: Knex, policy: EntityPolicy<R>, from?: string): Knex.QueryBuilder {
  const parts = policy.audience.map((rule) => {
    const [type, audience] =
      'user_in' in rule
        ? ['user', db.raw('??::text', [`s.${rule.user_in}`])]
        : 'role' in rule
          ? ['role', db.raw('?::text', [rule.role])]
          : ['all', db.raw('null::text')];
    const q = db
      .from(from ? db.raw('?? as s', [from]) : policy.rows(db).as('s'))
      .select(db.raw('s.id::text as id'), db.raw('?::text as audience_type', [type]), db.raw('? as audience', [audience]));
    return 'user_in' in rule ? q.whereNotNull(`s.${rule.user_in}`) : q;
  });
  return db.select('*').from(db.unionAll(parts, true).as('a'));
}
