/**
 * The migrations, imported statically so that tsx, vitest and the benchmarks all run them
 * without a TypeScript loader for knex's dynamic import (see server/db/migrate.ts). A new
 * migration is a new file here and a new line below; the names sort in the order they run.
 */
import type { Knex } from 'knex';
import * as m1 from './20261122000001_extensions';
import * as m2 from './20261122000002_normalize_search';
import * as m3 from './20261122000003_set_updated_at';
import * as m4 from './20261122000004_users';
import * as m5 from './20261122000005_profiles';
import * as m6 from './20261122000006_sessions';
import * as m7 from './20261122000007_login_codes';
import * as m8 from './20261122000008_categories';
import * as m9 from './20261122000009_categories_reference';
import * as m10 from './20261122000010_subscription_plans';
import * as m11 from './20261122000011_subscription_plans_reference';
import * as m12 from './20261122000012_subscriptions';
import * as m13 from './20261122000013_products';
import * as m14 from './20261122000014_projects';
import * as m15 from './20261122000015_bids';
import * as m16 from './20261122000016_instant_orders';
import * as m17 from './20261122000017_instant_order_responses';
import * as m18 from './20261122000018_transport_requests';
import * as m19 from './20261122000019_transport_offers';
import * as m20 from './20261122000020_reviews';
import * as m21 from './20261122000021_notifications';
import * as m22 from './20261122000022_registration_requests';
import * as m23 from './20261122000023_sync_clients';
import * as m24 from './20261122000024_changes';
import * as m25 from './20261122020000_products_search_cjk';
import * as m26 from './20261122020001_products_live_supplier_idx';
import * as m27 from './20261122020002_products_search_no_pending_list';
import * as m28 from './20261122020003_catalogue_version';
import * as m29 from './20261122020004_catalogue_version_presented';
import * as m30 from './20261122020005_catalogue_version_lock_order';
import * as m31 from './20261122020006_catalogue_version_at_commit';
import * as m32 from './20261122020007_catalogue_version_under_change_log_lock';
import * as syncLogMaintenance from './20261122030000_sync_log_maintenance';
import * as changesCommitOrder from './20261122030001_changes_commit_order';
import * as productsSearchListIndexes from './20261122040000_products_search_list_indexes';
import * as catalogueLiveCount from './20261122040001_catalogue_live_count';
import * as rateLimits from './20261123000000_rate_limits';

export const migrations: Record<string, Knex.Migration> = {
  '20261122000001_extensions': m1,
  '20261122000002_normalize_search': m2,
  '20261122000003_set_updated_at': m3,
  '20261122000004_users': m4,
  '20261122000005_profiles': m5,
  '20261122000006_sessions': m6,
  '20261122000007_login_codes': m7,
  '20261122000008_categories': m8,
  '20261122000009_categories_reference': m9,
  '20261122000010_subscription_plans': m10,
  '20261122000011_subscription_plans_reference': m11,
  '20261122000012_subscriptions': m12,
  '20261122000013_products': m13,
  '20261122000014_projects': m14,
  '20261122000015_bids': m15,
  '20261122000016_instant_orders': m16,
  '20261122000017_instant_order_responses': m17,
  '20261122000018_transport_requests': m18,
  '20261122000019_transport_offers': m19,
  '20261122000020_reviews': m20,
  '20261122000021_notifications': m21,
  '20261122000022_registration_requests': m22,
  '20261122000023_sync_clients': m23,
  '20261122000024_changes': m24,
  '20261122020000_products_search_cjk': m25,
  '20261122020001_products_live_supplier_idx': m26,
  '20261122020002_products_search_no_pending_list': m27,
  '20261122020003_catalogue_version': m28,
  '20261122020004_catalogue_version_presented': m29,
  '20261122020005_catalogue_version_lock_order': m30,
  '20261122020006_catalogue_version_at_commit': m31,
  '20261122020007_catalogue_version_under_change_log_lock': m32,
  '20261122030000_sync_log_maintenance': syncLogMaintenance,
  '20261122030001_changes_commit_order': changesCommitOrder,
  '20261122040000_products_search_list_indexes': productsSearchListIndexes,
  '20261122040001_catalogue_live_count': catalogueLiveCount,
  '20261123000000_rate_limits': rateLimits,
};
