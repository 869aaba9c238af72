/**
 * Every database function of the schema, in one place to read, with the advisory lock ids
 * and the notification channel they use. Not a migration: each is created by the
 * migration its section names. Migrations already applied must keep doing what they did,
 * so a body a migration once created never changes; a function redefined later gets a
 * new version here, which the redefining migration creates and whose down restores the
 * version before (notifications_enqueue_push). The pre-squash bodies are checked against
 * what the old migration chain built (server/db/fixtures/).
 */

/**
 * Transaction-level advisory locks, by name. The change log's commit lock serialises
 * numbering change rows at commit; the catalogue's commit-time bump takes it too, first,
 * so the two commit-time writers always lock in one order (advisory lock, then rows).
 */
const LOCKS = {
  changeLogCommit: 7_410_001,
} as const;

/**
 * The channel of the live signals: at commit, Postgres tells every app process listening
 * on it who has something new to pull and whose streams must end (server/modules/live/hub.ts).
 */
export const LIVE_CHANNEL = 'binaa_live';

// ---------------------------------------------------------------------------------------
// Search text (20261122000002)

const range = (from: number, to: number): string =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

// Pairs map one to one; the characters after them in FROM have no partner and are removed.
const MAP_FROM = '\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626' + range(0x0660, 0x0669) + range(0x06f0, 0x06f9);
const MAP_TO = '\u0627\u0627\u0627\u0627\u0647\u064a\u0648\u064a' + '0123456789' + '0123456789';
const REMOVE = range(0x064b, 0x065f) + '\u0670\u0640';

/**
 * normalize_search(text): the form in which catalogue text is indexed and searched, so a
 * user who types without diacritics, with a different alef or with ه for ة still finds
 * the product. Lowercases; strips Arabic diacritics (U+064B..U+065F, U+0670) and tatweel
 * (U+0640); maps أ إ آ ٱ to ا, ة to ه, ى to ي, ؤ to و, ئ to ي; and Arabic-Indic and
 * Persian digits to ASCII digits. shared/search.ts is its twin for offline search in the
 * browser; server/db/migrations.test.ts checks they agree. IMMUTABLE (lower and translate
 * are) so generated columns and indexes may use it; an SQL-standard body is bound at
 * creation, so it does not depend on the caller's search_path.
 */
export const NORMALIZE_SEARCH = `
  create or replace function normalize_search(value text) returns text
    language sql immutable strict parallel safe
    return translate(lower(value), '${MAP_FROM}${REMOVE}', '${MAP_TO}')`;

// CJK Unified Ideographs, Extension A, and Compatibility Ideographs.
const CJK_CLASS = '[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff]';

/**
 * cjk_spaced(text): spaces around every CJK ideograph. Chinese writes words without
 * spaces, so the text-search parser would see '普通硅酸盐水泥' as one word, and the trigram
 * index cannot serve a search of one or two characters (水泥, 砖). With each character its
 * own word (and position) in search_vector, a phrase query ('水' <-> '泥') finds any run
 * of characters through the GIN index. Latin and Arabic text is untouched.
 */
export const CJK_SPACED = `
  create or replace function cjk_spaced(value text) returns text
    language sql immutable strict parallel safe
    return regexp_replace(value, '(${CJK_CLASS})', ' \\1 ', 'g')`;

// ---------------------------------------------------------------------------------------
// Every table (20261122000002; migrations/helpers.ts touchUpdatedAt)

/** set_updated_at(): keeps updated_at current; an update that sets updated_at itself keeps it. */
export const SET_UPDATED_AT = `
  create or replace function set_updated_at() returns trigger language plpgsql as $$
  begin
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := now();
    end if;
    return new;
  end
  $$`;

// ---------------------------------------------------------------------------------------
// The change log (20261122000024)

/**
 * changes_number_at_commit(): a deferred constraint trigger on changes gives the rows their
 * feed position (`pos`) at COMMIT, in commit order, under the change log's commit lock,
 * which is released only once the commit is visible. So a reader that sees position N has
 * seen every position below it, and a cursor never passes a change that commits later.
 * The first row's call numbers every row of the transaction at once, in the order they
 * were written (the rows with no position yet: a committed row always has one, another
 * transaction's uncommitted rows are invisible); the rest find binaa.changes_numbered on
 * and return, so the time under the lock does not grow with a push's size. `id` is the
 * order rows were written in; the feed's order is pos.
 */
export const CHANGES_NUMBER_AT_COMMIT = `
  create function changes_number_at_commit() returns trigger language plpgsql as $$
  begin
    if current_setting('binaa.changes_numbered', true) = 'on' then
      return null;
    end if;
    perform pg_advisory_xact_lock(${LOCKS.changeLogCommit});
    execute format(
      'update %1$I.changes c set pos = n.pos
         from (select id, nextval(%2$L) as pos from (select id from %1$I.changes where pos is null order by id) o) n
        where c.id = n.id',
      tg_table_schema, tg_table_schema || '.changes_pos_seq');
    perform set_config('binaa.changes_numbered', 'on', true);
    return null;
  end $$`;

/**
 * changes_written(): after each insert statement on changes, turns binaa.changes_numbered
 * off, so rows written after an early numbering (SET CONSTRAINTS ... IMMEDIATE) are
 * numbered at commit too.
 */
export const CHANGES_WRITTEN = `
  create function changes_written() returns trigger language plpgsql as $$
  begin
    perform set_config('binaa.changes_numbered', 'off', true);
    return null;
  end $$`;

// ---------------------------------------------------------------------------------------
// The catalogue's version and live count (20261122000025)

/** A transaction-local jsonb setting, '{}' when unset. */
const setting = (name: string) => `coalesce(nullif(current_setting('${name}', true), ''), '{}')::jsonb`;

/**
 * bump_catalogue_version_once(): at commit (deferred constraint triggers, after every row
 * lock of the transaction), once per transaction, moves catalogue_state.version and adds
 * the transaction's change in live products: for a supplier whose deletion changed, the
 * live products they show now (counted) less those they showed before (the same less this
 * transaction's change); for any other supplier, this transaction's change if they are
 * live now. It takes the change log's commit lock first: holding it, the commit sees every
 * earlier commit and a later one sees this one, so a product created while its supplier is
 * being deleted is counted by whichever commits last, once.
 */
export const BUMP_CATALOGUE_VERSION_ONCE = `
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
    perform pg_advisory_xact_lock(${LOCKS.changeLogCommit});
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
  end $$`;

/**
 * catalogue_product_deltas(): one statement's change in live products per supplier, from
 * its transition tables, added to binaa.product_deltas (a bulk insert is one call). One
 * body for the three statement triggers, as in the manual's transition-table example:
 * each branch reads only the transition tables its event has.
 */
export const CATALOGUE_PRODUCT_DELTAS = `
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

/** catalogue_supplier_toggled(): notes a user whose deletion changed, and whether they were live before. */
export const CATALOGUE_SUPPLIER_TOGGLED = `
  create function catalogue_supplier_toggled() returns trigger language plpgsql as $$
  declare
    acc jsonb := ${setting('binaa.toggled_suppliers')};
  begin
    if acc -> new.id::text is null then
      perform set_config('binaa.toggled_suppliers', (acc || jsonb_build_object(new.id::text, old.deleted_at is null))::text, true);
    end if;
    return null;
  end $$`;

// ---------------------------------------------------------------------------------------
// Stock (20261125000030)

/**
 * products_stock_availability(): a tracked product's availability (stock_quantity not
 * null) follows its stock: 0 is out of stock, anything more available. Before every insert
 * and update, so a REST edit, a sync push and an import agree without each service
 * remembering; an untracked product keeps the availability its supplier sets.
 */
export const PRODUCTS_STOCK_AVAILABILITY = `
    create function products_stock_availability() returns trigger language plpgsql as $$
    begin
      if new.stock_quantity is not null then
        new.availability_status := case when new.stock_quantity > 0 then 'available' else 'out_of_stock' end;
      end if;
      return new;
    end $$`;

// ---------------------------------------------------------------------------------------
// Live signals (20261125000040; company_members_announce and the push queue use them too)

/** changes_announce(): after each insert statement on changes, its distinct audiences ("*", "r:<role>", "u:<user id>"). */
export const CHANGES_ANNOUNCE = `
  create function changes_announce() returns trigger language plpgsql as $$
  declare
    payload text;
  begin
    for payload in
      select json_build_object('s', tg_table_schema, 'a', json_agg(a))::text
        from (select a, (row_number() over () - 1) / 100 as chunk
                from (select distinct case audience_type when 'all' then '*'
                                                         when 'role' then 'r:' || audience
                                                         else 'u:' || audience end as a
                        from written) d) n
       group by chunk
    loop
      perform pg_notify('${LIVE_CHANNEL}', payload);
    end loop;
    return null;
  end $$`;

/**
 * sessions_announce_end(): a deleted session (sign-out, expiry) ends its streams
 * ("s:<sha256 of the session id>"); the session id itself never travels.
 */
export const SESSIONS_ANNOUNCE_END = `
  create function sessions_announce_end() returns trigger language plpgsql as $$
  declare
    payload text;
  begin
    for payload in
      select json_build_object('s', tg_table_schema, 'end', json_agg(k))::text
        from (select 's:' || encode(sha256(convert_to(id, 'UTF8')), 'hex') as k, (row_number() over () - 1) / 100 as chunk
                from ended where user_id is not null) n
       group by chunk
    loop
      perform pg_notify('${LIVE_CHANNEL}', payload);
    end loop;
    return null;
  end $$`;

/** users_announce_removed(): a user marked deleted loses every stream ("u:<user id>"). */
export const USERS_ANNOUNCE_REMOVED = `
  create function users_announce_removed() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'end', json_build_array('u:' || new.id))::text);
    return null;
  end $$`;

// ---------------------------------------------------------------------------------------
// The push queue (20261125000041 version 1, 20261126000010 version 2, 20261126000030 version 3)

/**
 * What each version of notifications_enqueue_push queues: the statement over the
 * transition table `added` (the inserted notifications; %1$I stands for the schema) that
 * puts into push_queue the notifications to push.
 */
const ENQUEUE_PUSH = {
  /** To the account's own subscriptions. */
  1: `insert into %1$I.push_queue (notification_id)
     select n.id from added n where exists (select 1 from %1$I.push_subscriptions s where s.user_id = n.user_id)`,
  /**
   * To the subscriptions of everyone acting for the account: the account itself, and its
   * company's owner and members (a company's notifications are addressed to its account).
   */
  2: `insert into %1$I.push_queue (notification_id)
     select n.id from added n where exists (
       select 1 from %1$I.push_subscriptions s
        where s.user_id = n.user_id
           or s.user_id in (select m.user_id from %1$I.company_members m where m.company_id = n.user_id and m.role in (''owner'', ''member'')))`,
  /**
   * Version 2's recipients, found by a plan that does not grow with the subscriptions per
   * row: the accounts with a subscriber (their own, or an owner's or member's) are gathered
   * once and the new rows hash-joined against them. An `exists (... or ...)` can only be
   * run as a loop over the subscriptions for each new row.
   */
  3: `insert into %1$I.push_queue (notification_id)
     select n.id from added n
      where n.user_id in (
        select s.user_id from %1$I.push_subscriptions s
        union all
        select m.company_id from %1$I.company_members m join %1$I.push_subscriptions s on s.user_id = m.user_id
         where m.role in (''owner'', ''member''))`,
} as const;

/**
 * JIT is off from version 3 on: the trigger's statement is short, and compiling it costs
 * more than it saves (an instant order's notifications, one per supplier, can cross the
 * JIT threshold, and every supplier's device waits on that write).
 */
const ENQUEUE_PUSH_SETTINGS: Partial<Record<keyof typeof ENQUEUE_PUSH, string>> = { 3: 'set jit = off' };

/**
 * notifications_enqueue_push(), in the given version: after each insert statement on
 * notifications, queues those to push (only for recipients with a subscription) and, when
 * it queued any, tells the app processes on the live channel at commit. `replace` for a
 * migration that redefines it; `create or replace` keeps the settings of the version it
 * replaces, so going back from version 3 resets jit first.
 */
export const notificationsEnqueuePush = (version: keyof typeof ENQUEUE_PUSH, opts: { replace?: boolean } = {}): string => {
  const settings = ENQUEUE_PUSH_SETTINGS[version];
  return `
  create${opts.replace ? ' or replace' : ''} function notifications_enqueue_push() returns trigger language plpgsql${settings ? `
  ${settings}` : ''} as $$
  declare
    queued bigint;
  begin
    execute format('${ENQUEUE_PUSH[version]}', tg_table_schema);
    get diagnostics queued = row_count;
    if queued > 0 then
      perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'push', true)::text);
    end if;
    return null;
  end $$`;
};

// ---------------------------------------------------------------------------------------
// Company teams (20261126000010)

/**
 * profiles_found_company(): a new profile founds its company (its owner row), so every
 * profile has one whichever way it was written (setup, demo data, tests).
 */
export const PROFILES_FOUND_COMPANY = `
  create function profiles_found_company() returns trigger language plpgsql as $$
  begin
    execute format('insert into %1$I.company_members (user_id, company_id, role) values ($1, $1, ''owner'') on conflict (user_id) do nothing', tg_table_schema)
      using new.user_id;
    return null;
  end $$`;

/**
 * company_members_announce(): a person who joins or leaves a company (or whose role in it
 * changes) loses their live streams at commit, so their devices reconnect, pull and find
 * that their view changed (the feed answers a cursor of another account with a reset).
 */
export const COMPANY_MEMBERS_ANNOUNCE = `
  create function company_members_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'end',
      json_build_array('u:' || case tg_op when 'INSERT' then new.user_id else old.user_id end))::text);
    return null;
  end $$`;

// ---------------------------------------------------------------------------------------
// An order line's received sums (20261202000300)

/**
 * goods_receipt_lines_sum(): keeps each order line's received_quantity and
 * rejected_quantity equal to the sums of its goods receipt lines, for every statement that
 * inserts, updates or deletes them (a statement-level trigger: one grouped update per
 * statement, from its transition tables old_lines and new_lines). Reading where a line
 * stands then costs the same at an order's hundredth receipt as at its first.
 */
export const GOODS_RECEIPT_LINES_SUM = `
  create function goods_receipt_lines_sum() returns trigger language plpgsql as $$
  declare
    apply text := 'update %1$I.purchase_order_lines pl
                      set received_quantity = pl.received_quantity + %3$s * d.received, rejected_quantity = pl.rejected_quantity + %3$s * d.rejected
                     from (select purchase_order_line_id as id, sum(received_quantity) as received, sum(rejected_quantity) as rejected from %2$I group by 1) d
                    where pl.id = d.id';
  begin
    if tg_op in ('UPDATE', 'DELETE') then execute format(apply, tg_table_schema, 'old_lines', -1); end if;
    if tg_op in ('INSERT', 'UPDATE') then execute format(apply, tg_table_schema, 'new_lines', 1); end if;
    return null;
  end $$`;

// ---------------------------------------------------------------------------------------
// The audit trail (20261203000600)

/**
 * audit_log_append_only(): refuses every UPDATE, DELETE and TRUNCATE of audit_log, so no
 * code path (nor a cascade) changes or removes a row of it; each row's hash chains it to the
 * one before (server/modules/audit/chain.ts), so a change made around this trigger, by
 * someone who may disable it, is still found by npm run audit:verify.
 */
export const AUDIT_LOG_APPEND_ONLY = `
  create function audit_log_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
  end $$`;
