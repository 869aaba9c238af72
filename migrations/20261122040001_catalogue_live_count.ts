/**
 * catalogue_state.live_products: the number of products the catalogue shows (live, of a
 * live supplier), so the catalogue's X-Total-Count is one row read instead of a count of
 * every product (an index-only scan of 100k entries at best, a scan of the table before a
 * vacuum has marked its pages all-visible).
 *
 * It moves with catalogue_state.version, at commit (20261122020006 and ..07), so the new
 * count becomes visible exactly with the writes it counts and no writer locks the row
 * before commit. During the transaction, triggers only note what changed, in
 * transaction-local settings (rolled back with a savepoint like the rows they describe):
 * - a statement trigger on products adds each statement's change in live rows, per
 *   supplier, from its transition tables (a bulk insert is one trigger call);
 * - a row trigger on users notes each user whose deletion changed, and whether they were
 *   live before.
 * At commit, under the change log's commit lock that every catalogue write takes there,
 * the count moves by: for a supplier whose deletion changed, the live products they show
 * now (counted) less those they showed before (the same less this transaction's change);
 * for any other supplier, this transaction's change if they are live now. Holding the
 * lock, the commit sees every earlier commit, and a later one sees this one; so a product
 * created while its supplier is being deleted is counted by whichever commits last, once.
 * TRUNCATE is not counted (nothing truncates products; the version ignores it too).
 */
import type { Knex } from 'knex';

const setting = (name: string) => `coalesce(nullif(current_setting('${name}', true), ''), '{}')::jsonb`;

const PRODUCT_TRIGGERS: Array<[string, string, string]> = [
  ['products_live_count_insert', 'insert', 'new table as new_rows'],
  ['products_live_count_update', 'update', 'old table as old_rows new table as new_rows'],
  ['products_live_count_delete', 'delete', 'old table as old_rows'],
];

const bump = (count: boolean) =>
  count
    ? `
  create or replace function bump_catalogue_version_once() returns trigger language plpgsql as $$
  declare
    deltas jsonb := ${setting('binaa.product_deltas')};
    toggled jsonb := ${setting('binaa.toggled_suppliers')};
    first boolean := coalesce(current_setting('binaa.catalogue_bumped', true), '') <> 'on';
    change bigint := 0;
    supplier text;
    own bigint;
    live boolean;
    shown bigint;
  begin
    -- Later rows of the same commit find nothing left to do (a second pass happens only
    -- after SET CONSTRAINTS ... IMMEDIATE ran this before more writes).
    if not first and deltas = '{}' and toggled = '{}' then
      return null;
    end if;
    perform set_config('binaa.catalogue_bumped', 'on', true);
    perform pg_advisory_xact_lock(7410001);
    for supplier in select jsonb_object_keys(deltas || toggled) loop
      own := coalesce((deltas ->> supplier)::bigint, 0);
      live := exists (select 1 from users where id = supplier::uuid and deleted_at is null);
      if toggled -> supplier is not null then
        shown := (select count(*) from products where supplier_id = supplier::uuid and deleted_at is null);
        change := change + case when live then shown else 0 end
                         - case when (toggled ->> supplier)::boolean then shown - own else 0 end;
      elsif live then
        change := change + own;
      end if;
    end loop;
    update catalogue_state
       set version = version + case when first then 1 else 0 end, live_products = live_products + change
     where id = 1;
    perform set_config('binaa.product_deltas', '{}', true);
    perform set_config('binaa.toggled_suppliers', '{}', true);
    return null;
  end $$`
    : `
  create or replace function bump_catalogue_version_once() returns trigger language plpgsql as $$
  begin
    if coalesce(current_setting('binaa.catalogue_bumped', true), '') <> 'on' then
      perform set_config('binaa.catalogue_bumped', 'on', true);
      perform pg_advisory_xact_lock(7410001);
      update catalogue_state set version = version + 1 where id = 1;
    end if;
    return null;
  end $$`;

/**
 * One statement's change in live products per supplier, added to binaa.product_deltas.
 * One body for the three triggers, as in the manual's transition-table example: each
 * branch reads only the transition tables its event has.
 */
const PRODUCT_DELTAS = `
  create function catalogue_product_deltas() returns trigger language plpgsql as $$
  declare
    acc jsonb := ${setting('binaa.product_deltas')};
    delta jsonb;
  begin
    if tg_op = 'INSERT' then
      select jsonb_object_agg(supplier_id::text, n) into delta
        from (select supplier_id, count(*) as n from new_rows where deleted_at is null group by supplier_id) c;
    elsif tg_op = 'DELETE' then
      select jsonb_object_agg(supplier_id::text, -n) into delta
        from (select supplier_id, count(*) as n from old_rows where deleted_at is null group by supplier_id) c;
    else
      select jsonb_object_agg(supplier_id::text, n) into delta
        from (select supplier_id, sum(d) as n
                from (select supplier_id, 1 as d from new_rows where deleted_at is null
                      union all
                      select supplier_id, -1 from old_rows where deleted_at is null) u
               group by supplier_id having sum(d) <> 0) c;
    end if;
    if delta is not null then
      select jsonb_object_agg(k, coalesce((acc ->> k)::bigint, 0) + coalesce((delta ->> k)::bigint, 0)) into acc
        from jsonb_object_keys(acc || delta) k;
      perform set_config('binaa.product_deltas', acc::text, true);
    end if;
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table catalogue_state add column live_products bigint not null default 0');
  await knex.raw(PRODUCT_DELTAS);
  await knex.raw(`
    create function catalogue_supplier_toggled() returns trigger language plpgsql as $$
    declare
      acc jsonb := ${setting('binaa.toggled_suppliers')};
    begin
      if acc -> new.id::text is null then
        perform set_config('binaa.toggled_suppliers', (acc || jsonb_build_object(new.id::text, old.deleted_at is null))::text, true);
      end if;
      return null;
    end $$`);
  // Creating the triggers locks products and users against writes until this migration
  // commits, so the count below misses none.
  for (const [name, event, referencing] of PRODUCT_TRIGGERS) {
    await knex.raw(`create trigger ${name} after ${event} on products referencing ${referencing}
                      for each statement execute function catalogue_product_deltas()`);
  }
  await knex.raw(`create trigger users_catalogue_live_toggle after update of deleted_at on users for each row
                    when ((old.deleted_at is null) <> (new.deleted_at is null)) execute function catalogue_supplier_toggled()`);
  await knex.raw(bump(true));
  await knex.raw(`update catalogue_state set live_products = (
                    select count(*) from products p join users u on u.id = p.supplier_id
                     where p.deleted_at is null and u.deleted_at is null) where id = 1`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(bump(false));
  await knex.raw('drop trigger if exists users_catalogue_live_toggle on users');
  for (const [name] of PRODUCT_TRIGGERS) await knex.raw('drop trigger if exists ?? on products', [name]);
  await knex.raw('drop function if exists catalogue_supplier_toggled()');
  await knex.raw('drop function if exists catalogue_product_deltas()');
  await knex.raw('alter table catalogue_state drop column live_products');
}
