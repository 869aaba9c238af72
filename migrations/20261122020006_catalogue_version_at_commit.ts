/**
 * catalogue_state.version is bumped at commit instead of at the write. Bumping at the
 * write locked the one catalogue_state row in the middle of a transaction, before row
 * locks taken later (deleting a user updates the user, then their products), while others
 * hold such a row and then write (a review locks its product, then updates its rating):
 * opposite orders, so a deadlock. Deferred constraint triggers run when the transaction
 * commits, after every other lock it takes, and a transaction-local flag makes the first
 * of them bump once per transaction (a bulk insert of 100k products bumps once).
 *
 * The conditions are those of 20261122020003 and 20261122020004: any product write, a
 * user's deletion or name, a supplier profile's company name, tier or existence, any
 * category write. (TRUNCATE has no row trigger; nothing truncates these tables.)
 */
import type { Knex } from 'knex';

const OLD_TRIGGERS: Array<[string, string]> = [
  ['products_catalogue_version', 'products'],
  ['users_catalogue_version', 'users'],
  ['users_catalogue_name', 'users'],
  ['profiles_catalogue_insert', 'profiles'],
  ['profiles_catalogue_delete', 'profiles'],
  ['profiles_catalogue_update', 'profiles'],
  ['categories_catalogue_version', 'categories'],
];

const SUPPLIER_SHOWN = `(old.role = 'supplier' or new.role = 'supplier')
  and (old.company_name is distinct from new.company_name
       or old.verification_tier is distinct from new.verification_tier
       or old.role is distinct from new.role)`;

/** name, table, events, condition */
const SPECS: Array<[string, string, string, string]> = [
  ['products_catalogue_at_commit', 'products', 'insert or update or delete', ''],
  ['users_catalogue_update_at_commit', 'users', 'update', 'when (old.deleted_at is distinct from new.deleted_at or old.name is distinct from new.name)'],
  ['users_catalogue_delete_at_commit', 'users', 'delete', ''],
  ['profiles_catalogue_insert_at_commit', 'profiles', 'insert', `when (new.role = 'supplier')`],
  ['profiles_catalogue_delete_at_commit', 'profiles', 'delete', `when (old.role = 'supplier')`],
  ['profiles_catalogue_update_at_commit', 'profiles', 'update', `when (${SUPPLIER_SHOWN})`],
  ['categories_catalogue_at_commit', 'categories', 'insert or update or delete', ''],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table] of OLD_TRIGGERS) await knex.raw('drop trigger if exists ?? on ??', [name, table]);
  await knex.raw(`
    create function bump_catalogue_version_once() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('binaa.catalogue_bumped', true), '') <> 'on' then
        perform set_config('binaa.catalogue_bumped', 'on', true);
        update catalogue_state set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`);
  for (const [name, table, events, when] of SPECS) {
    await knex.raw(
      `create constraint trigger ${name} after ${events} on ${table}
         deferrable initially deferred for each row ${when} execute function bump_catalogue_version_once()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, table] of SPECS) await knex.raw('drop trigger if exists ?? on ??', [name, table]);
  await knex.raw('drop function if exists bump_catalogue_version_once()');
  await knex.raw(`create trigger products_catalogue_version after insert or update or delete or truncate on products
                    for each statement execute function bump_catalogue_version()`);
  await knex.raw(`create trigger users_catalogue_version after update of deleted_at or delete on users
                    for each statement execute function bump_catalogue_version()`);
  await knex.raw(`create trigger users_catalogue_name after update of name on users for each row
                    when (old.name is distinct from new.name) execute function bump_catalogue_version()`);
  await knex.raw(`create trigger profiles_catalogue_insert after insert on profiles for each row
                    when (new.role = 'supplier') execute function bump_catalogue_version()`);
  await knex.raw(`create trigger profiles_catalogue_delete after delete on profiles for each row
                    when (old.role = 'supplier') execute function bump_catalogue_version()`);
  await knex.raw(`create trigger profiles_catalogue_update after update on profiles for each row
                    when (${SUPPLIER_SHOWN}) execute function bump_catalogue_version()`);
  await knex.raw(`create trigger categories_catalogue_version after insert or update or delete or truncate on categories
                    for each statement execute function bump_catalogue_version()`);
}
