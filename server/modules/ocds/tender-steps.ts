/**
 * Steps that take a project through its tender for the open-data tests (tests only):
 * opening, award, finalisation, an upheld objection. Each writes what the tender's rules
 * write, in the tables the open data reads.
 */
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/factories';

export function tender(server: TestServer) {
  const knex = server.db.knex;
  return {
    /** The opening: the bidding closes and the opening record counts the bids standing. */
    async open(_owner: Client, projectId: string) {
      const { n } = await knex('bids').where({ project_id: projectId }).whereNot('status', 'withdrawn').first(knex.raw('count(*)::int as n'));
      await knex('projects').where({ id: projectId }).update({ opens_at: knex.fn.now(), opened_at: knex.fn.now() });
      await knex('tender_openings').insert({ project_id: projectId, opened_at: knex.fn.now(), bid_count: n, record: JSON.stringify([]) });
    },
    /** An award: the standstill starts. */
    async award(_owner: Client, projectId: string, bidId: string) {
      await knex('projects')
        .where({ id: projectId })
        .update({ awarded_bid_id: bidId, awarded_at: knex.fn.now(), standstill_ends_at: knex.raw(`now() + interval '5 days'`) });
    },
    /** The standstill ends with no open objection: the award is final, the project in progress. */
    async finalise(_owner: Client, projectId: string) {
      const p = await knex('projects').where({ id: projectId }).first('awarded_bid_id', 'standstill_ends_at');
      await knex('projects').where({ id: projectId }).update({ award_final_at: p.standstill_ends_at, status: 'in_progress' });
      await knex('bids').where({ project_id: projectId, id: p.awarded_bid_id }).update({ status: 'accepted' });
      await knex('bids').where({ project_id: projectId, status: 'submitted' }).update({ status: 'rejected' });
    },
    /** A losing bidder objects and the owner upholds it: the award is withdrawn. */
    async uphold(_owner: Client, projectId: string, objector: Client) {
      const p = await knex('projects').where({ id: projectId }).first('awarded_bid_id');
      const bid = await knex('bids').where({ project_id: projectId, contractor_id: objector.user.id }).first('id');
      await knex('award_objections').insert({
        project_id: projectId,
        award_bid_id: p.awarded_bid_id,
        bid_id: bid.id,
        contractor_id: objector.user.id,
        reason: 'السعر غير واقعي',
        status: 'upheld',
        answer: 'نعم',
        answered_at: knex.raw(`now() + interval '1 second'`),
      });
      await knex('projects').where({ id: projectId }).update({ awarded_bid_id: null, awarded_at: null, standstill_ends_at: null });
    },
    /** The opening moment passes before anything made the opening record. */
    async passOpeningMomentWithoutRecord(projectId: string) {
      await knex('projects').where({ id: projectId }).update({ opens_at: knex.raw(`now() - interval '1 minute'`) });
    },
  };
}
