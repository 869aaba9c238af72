/**
 * users.guide_seen_at: when the person closed the role guide, so it stays closed on every
 * device they sign in on, not only in the browser that stored it. It is the person's, not
 * their company's: a new member of a company meets the guide once too.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('guide_seen_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('guide_seen_at');
  });
}
