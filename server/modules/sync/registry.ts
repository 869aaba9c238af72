/**
 * Every area's offline mutations and sync loaders, gathered in one table each. A name
 * defined twice is a mistake, so it fails at start-up rather than shadowing silently.
 */
import type { EntityLoader, LoaderTable, MutationDef, MutationTable } from './contracts';
import type { MutationName } from '../../../shared/mutations';
import * as categories from '../categories/sync';
import * as products from '../products/sync';
import * as productMutations from '../products/mutations';
import * as photoMutations from '../photos/mutations';
import * as reviewMutations from '../reviews/mutations';
import * as projects from '../projects/sync';
import * as projectMutations from '../projects/mutations';
import * as instantOrders from '../instant-orders/sync';
import * as instantOrderMutations from '../instant-orders/mutations';
import * as transport from '../transport/sync';
import * as transportMutations from '../transport/mutations';
import * as notifications from '../notifications/sync';
import * as notificationMutations from '../notifications/mutations';
import * as subscriptions from '../subscriptions/sync';
import * as subscriptionMutations from '../subscriptions/mutations';
import * as profiles from '../profiles/sync';
import * as profileMutations from '../profiles/mutations';
import * as deliveries from '../deliveries/sync';
import * as deliveryMutations from '../deliveries/mutations';
import * as rfqs from '../rfqs/sync';
import * as rfqMutations from '../rfqs/mutations';
import * as purchaseOrders from '../purchase-orders/sync';
import * as purchaseOrderMutations from '../purchase-orders/mutations';
import * as invoices from '../invoices/sync';
import * as paymentMutations from '../payments/mutations';

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
  productMutations.mutations,
  photoMutations.mutations,
  reviewMutations.mutations,
  projectMutations.mutations,
  instantOrderMutations.mutations,
  transportMutations.mutations,
  notificationMutations.mutations,
  profileMutations.mutations,
  subscriptionMutations.mutations,
  deliveryMutations.mutations,
  rfqMutations.mutations,
  purchaseOrderMutations.mutations,
  paymentMutations.mutations,
] as const;

// Every name of the shared contract (shared/mutations.ts) has its server mutation: a
// name added there and not here fails the type check.
type KeysOf<T> = T extends unknown ? keyof T : never;
type Missing = Exclude<MutationName, KeysOf<(typeof areaMutations)[number]>>;
const everyNameDefined: [Missing] extends [never] ? true : Missing = true;
void everyNameDefined;

export const mutations: MutationTable = merge<MutationDef>([...areaMutations]);

export const loaders: LoaderTable = merge<EntityLoader>([
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
  invoices.loaders,
] as Array<Record<string, EntityLoader>>);
