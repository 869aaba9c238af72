/**
 * Every area's offline mutations and sync loaders, gathered in one table each, and handed
 * to the sync endpoints by the composition root (routes.ts): the areas build on the sync
 * contract, so the sync module imports none of them. A name defined twice is a mistake, so
 * it fails at start-up rather than shadowing silently.
 */
import type { EntityLoader, LoaderTable, MutationDef, MutationTable, SyncRegistry } from '../modules/sync/contracts';
import type { MutationName } from '../../shared/mutations';
import * as categories from '../modules/categories/sync';
import * as products from '../modules/products/sync';
import { productMutations } from '../modules/products/mutations';
import { PRODUCT_DELETION } from './product-deletion';
import * as photoMutations from '../modules/photos/mutations';
import * as reviewMutations from '../modules/reviews/mutations';
import * as projects from '../modules/projects/sync';
import * as projectMutations from '../modules/projects/mutations';
import * as instantOrders from '../modules/instant-orders/sync';
import * as instantOrderMutations from '../modules/instant-orders/mutations';
import * as transport from '../modules/transport/sync';
import { transportMutations } from '../modules/transport/mutations';
import { dropDeliveryOfCancelled } from '../modules/deliveries/cancel';
import * as notifications from '../modules/notifications/sync';
import * as notificationMutations from '../modules/notifications/mutations';
import * as subscriptions from '../modules/subscriptions/sync';
import * as subscriptionMutations from '../modules/subscriptions/mutations';
import * as profiles from '../modules/company/sync';
import * as profileMutations from '../modules/profiles/mutations';
import * as companyMutations from '../modules/company/mutations';
import * as deliveries from '../modules/deliveries/sync';
import * as deliveryMutations from '../modules/deliveries/mutations';
import * as rfqs from '../modules/rfqs/sync';
import * as rfqMutations from '../modules/rfqs/mutations';
import * as purchaseOrders from '../modules/purchase-orders/sync';
import * as purchaseOrderMutations from '../modules/purchase-orders/mutations';
import * as goodsReceipts from '../modules/goods-receipts/sync';
import * as goodsReceiptMutations from '../modules/goods-receipts/mutations';
import * as disputes from '../modules/disputes/sync';
import * as disputeMutations from '../modules/disputes/mutations';
import * as sites from '../modules/sites/sync';
import * as siteMutations from '../modules/sites/mutations';
import * as invoices from '../modules/invoices/sync';
import * as paymentMutations from '../modules/payments/mutations';
import * as purchaseRequests from '../modules/purchase-requests/sync';
import * as purchaseRequestMutations from '../modules/purchase-requests/mutations';
import { tellPushRefusals } from '../modules/notifications/push-refusals';

function merge<T>(tables: Array<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const table of tables) {
    for (const [name, value] of Object.entries(table)) {
      if (name in out) throw new Error(`sync: ${name} is defined twice`);
      out[name] = value;
    }
  }
  return out;
}

const areaMutations = [
  productMutations(PRODUCT_DELETION.inTransaction),
  photoMutations.mutations,
  reviewMutations.mutations,
  projectMutations.mutations,
  instantOrderMutations.mutations,
  transportMutations(dropDeliveryOfCancelled),
  notificationMutations.mutations,
  profileMutations.mutations,
  companyMutations.mutations,
  subscriptionMutations.mutations,
  deliveryMutations.mutations,
  rfqMutations.mutations,
  purchaseOrderMutations.mutations,
  goodsReceiptMutations.mutations,
  disputeMutations.mutations,
  siteMutations.mutations,
  paymentMutations.mutations,
  purchaseRequestMutations.mutations,
] as const;

// Every name of the shared contract (shared/mutations.ts) has its server mutation: a
// name added there and not here fails the type check.
type KeysOf<T> = T extends unknown ? keyof T : never;
type Missing = Exclude<MutationName, KeysOf<(typeof areaMutations)[number]>>;
const everyNameDefined: [Missing] extends [never] ? true : Missing = true;
void everyNameDefined;

const mutations: MutationTable = merge<MutationDef>([...areaMutations]);

const loaders: LoaderTable = merge<EntityLoader>([
  categories.loaders,
  products.loaders,
  projects.loaders,
  instantOrders.loaders,
  transport.loaders,
  notifications.loaders,
  subscriptions.loaders,
  profiles.loaders,
  deliveries.loaders,
  rfqs.loaders,
  purchaseOrders.loaders,
  goodsReceipts.loaders,
  disputes.loaders,
  sites.loaders,
  invoices.loaders,
  purchaseRequests.loaders,
] as Array<Record<string, EntityLoader>>);

export const syncRegistry: SyncRegistry = { mutations, loaders, tellRefusals: tellPushRefusals };
