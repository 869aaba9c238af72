/**
 * catalogue_state: one row the catalogue reads instead of recomputing.
 * - version moves whenever anything a catalogue page shows changes, so whole pages
 *   (search and list, with totals) may be remembered until it does
 *   (server/modules/products/catalogue-cache.ts): any product write, a user's deletion or
 *   name, a supplier profile's company name, tier, contact, city, rating or existence,
 *   any category write. A direct SQL write (a seed, a test, an operator) moves it as
 *   surely as a service.
 * - live_products is the number of products the catalogue shows (live, of a live
 *   supplier): the catalogue's X-Total-Count is one row read instead of a count.
 *
 * Both move at COMMIT, once per transaction, in deferred constraint triggers that run
 * after every row lock the transaction takes and take the change log's commit lock before
 * the row (bump_catalogue_version_once in migrations/functions.ts): a writer locking the
 * row mid-transaction deadlocked with writers locking in the other order. During the
 * transaction, triggers only note what changed, in transaction-local settings (rolled back
 * with a savepoint like the rows they describe): a statement trigger on products adds each
 * statement's change in live rows per supplier (catalogue_product_deltas), and a row
 * trigger on users notes each user whose deletion changed (catalogue_supplier_toggled).
 * TRUNCATE has no row trigger and is not counted; nothing truncates these tables.
 */
import type { Knex } from 'knex';
import { BUMP_CATALOGUE_VERSION_ONCE, CATALOGUE_PRODUCT_DELTAS, CATALOGUE_SUPPLIER_TOGGLED } from './functions';

const SUPPLIER_SHOWN = `(old.role = 'supplier' or new.role = 'supplier')
  and (old.company_name is distinct from new.company_name
       or old.verification_tier is distinct from new.verification_tier
       or old.phone is distinct from new.phone
       or old.website is distinct from new.website
       or old.city is distinct from new.city
       or old.average_rating is distinct from new.average_rating
       or old.total_reviews is distinct from new.total_reviews
       or old.role is distinct from new.role)`;

/** The commit-time bump: name, table, events, condition. */
const AT_COMMIT: Array<[string, string, string, string]> = [
  ['products_catalogue_at_commit', 'products', 'insert or update or delete', ''],
  ['users_catalogue_update_at_commit', 'users', 'update', 'when (old.deleted_at is distinct from new.deleted_at or old.name is distinct from new.name)'],
  ['users_catalogue_delete_at_commit', 'users', 'delete', ''],
  ['profiles_catalogue_insert_at_commit', 'profiles', 'insert', `when (new.role = 'supplier')`],
  ['profiles_catalogue_delete_at_commit', 'profiles', 'delete', `when (old.role = 'supplier')`],
  ['profiles_catalogue_update_at_commit', 'profiles', 'update', `when (${SUPPLIER_SHOWN})`],
  ['categories_catalogue_at_commit', 'categories', 'insert or update or delete', ''],
];

/** The live count's notes on products: name, event, transition tables. */
const PRODUCT_DELTAS: Array<[string, string, string]> = [
  ['products_live_count_insert', 'insert', 'new table as new_rows'],
  ['products_live_count_update', 'update', 'old table as old_rows new table as new_rows'],
  ['products_live_count_delete', 'delete', 'old table as old_rows'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalogue_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
    t.specificType('live_products', 'bigint not null default 0');
    t.check('id = 1', {}, 'catalogue_state_single_row');
  });
  await knex('catalogue_state').insert({ id: 1, version: 0 });

  await knex.raw(BUMP_CATALOGUE_VERSION_ONCE);
  await knex.raw(CATALOGUE_PRODUCT_DELTAS);
  await knex.raw(CATALOGUE_SUPPLIER_TOGGLED);
  for (const [name, table, events, when] of AT_COMMIT) {
    await knex.raw(
      `create constraint trigger ${name} after ${events} on ${table}
         deferrable initially deferred for each row ${when} execute function bump_catalogue_version_once()`,
    );
  }
  for (const [name, event, referencing] of PRODUCT_DELTAS) {
    await knex.raw(`create trigger ${name} after ${event} on products referencing ${referencing}
                      for each statement execute function catalogue_product_deltas()`);
  }
  await knex.raw(`create trigger users_catalogue_live_toggle after update of deleted_at on users for each row
                    when ((old.deleted_at is null) <> (new.deleted_at is null)) execute function catalogue_supplier_toggled()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists users_catalogue_live_toggle on users');
  for (const [name] of PRODUCT_DELTAS) await knex.raw('drop trigger if exists ?? on products', [name]);
  for (const [name, table] of AT_COMMIT) await knex.raw('drop trigger if exists ?? on ??', [name, table]);
  await knex.raw('drop function if exists catalogue_supplier_toggled()');
  await knex.raw('drop function if exists catalogue_product_deltas()');
  await knex.raw('drop function if exists bump_catalogue_version_once()');
  await knex.schema.dropTable('catalogue_state');
}
