/**
 * notifications_enqueue_push is redefined with the same meaning (queue a notification when
 * someone acting for its account has a push subscription) and a cheaper plan. Written as
 * `exists (... where s.user_id = n.user_id or s.user_id in (...))`, Postgres could only
 * loop over the subscriptions for each new row; its cost estimate for a new instant order
 * (a notification per supplier) crossed the JIT threshold, and compiling the statement
 * took about 100 ms of a write every supplier's device waits on. The accounts with a
 * subscriber are now gathered once and the new rows hash-joined against them. JIT is off
 * for the trigger: its statement is short, and compiling always costs more than it saves.
 */
import type { Knex } from 'knex';
import { enqueuePushFunction } from './20261125000041_push';
import { NOTIFICATIONS_ENQUEUE_PUSH as PUSH_LOOPING } from './20261126000010_company_teams';

const NOTIFICATIONS_ENQUEUE_PUSH = enqueuePushFunction(
  `insert into %1$I.push_queue (notification_id)
     select n.id from added n
      where n.user_id in (
        select s.user_id from %1$I.push_subscriptions s
        union all
        select m.company_id from %1$I.company_members m join %1$I.push_subscriptions s on s.user_id = m.user_id
         where m.role in (''owner'', ''member''))`,
  { replace: true, settings: 'set jit = off' },
);

export async function up(knex: Knex): Promise<void> {
  await knex.raw(NOTIFICATIONS_ENQUEUE_PUSH);
}

export async function down(knex: Knex): Promise<void> {
  // `create or replace` keeps the function's settings: drop jit = off with the old body.
  await knex.raw('alter function notifications_enqueue_push() reset jit');
  await knex.raw(PUSH_LOOPING);
}
