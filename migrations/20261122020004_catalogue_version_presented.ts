/**
 * catalogue_state.version (20261122020003) also moves when a field the catalogue shows
 * but does not store on products changes, so whole presented pages may be remembered:
 * a supplier's company name or verification tier (profiles), the user's name (the
 * fallback supplier_name), a supplier profile appearing or going, and any category
 * (category_name, the category filter). Row triggers with WHEN keep the many profile
 * writes that change none of these (ratings, phone, language, other roles) from
 * throwing the remembered pages away.
 */
import type { Knex } from 'knex';

const TRIGGERS: Array<[string, string, string]> = [
  ['users_catalogue_name', 'users', 'after update of name on users for each row when (old.name is distinct from new.name)'],
  ['profiles_catalogue_insert', 'profiles', `after insert on profiles for each row when (new.role = 'supplier')`],
  ['profiles_catalogue_delete', 'profiles', `after delete on profiles for each row when (old.role = 'supplier')`],
  [
    'profiles_catalogue_update',
    'profiles',
    `after update on profiles for each row when (
       (old.role = 'supplier' or new.role = 'supplier')
       and (old.company_name is distinct from new.company_name
            or old.verification_tier is distinct from new.verification_tier
            or old.role is distinct from new.role))`,
  ],
  ['categories_catalogue_version', 'categories', 'after insert or update or delete or truncate on categories for each statement'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, , when] of TRIGGERS) {
    await knex.raw(`create trigger ${name} ${when} execute function bump_catalogue_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, table] of TRIGGERS) await knex.raw('drop trigger if exists ?? on ??', [name, table]);
}
