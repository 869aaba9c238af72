/**
 * What a person's export holds, one JSON file per kind of record, each read through the
 * same service function its REST list uses (and so the same policy): the export can hold
 * nothing of another company's that its holder could not see in the app. A kind the person
 * may not list (a driver's catalogue, a supplier's sites) is an empty file, as the app
 * shows it to them. Their sessions and push devices are their own rows, given without the
 * session's id (the cookie's token), a device's endpoint or its keys.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { SessionUser } from '../../auth/session-user';
import { AppError } from '../../../shared/errors';
import { LIST_MAX_LIMIT } from '../../../shared/constants';
import type { Page } from '../../db/page';
import { getProfile } from '../profiles/service';
import { listMembers } from '../company/service';
import { listMyProducts } from '../products/service';
import { listAddressedRfqs, listMyRfqs } from '../rfqs/service';
import { listQuotes } from '../rfqs/quotes';
import { listMyProjects } from '../projects/service';
import { listMyInstantOrders } from '../instant-orders/service';
import { listPurchaseOrders } from '../purchase-orders/service';
import { listReceipts } from '../goods-receipts/service';
import { listInvoices } from '../invoices/service';
import { listPayments } from '../payments/service';
import { listDisputes } from '../disputes/service';
import { listSites } from '../sites/service';
import { listRequests } from '../purchase-requests/service';
import { listDeliveries } from '../deliveries/service';
import { listMyTransportRequests } from '../transport/requests';
import { listNotifications } from '../notifications/service';
import { getMySubscription } from '../subscriptions/service';
import { getPreferences } from '../push/service';

interface ExportReader {
  knex: Knex;
  user: SessionUser;
  clock: Clock;
}

/** One file of the export: its name in the ZIP and how it is read. */
interface Part {
  file: string;
  read: (r: ExportReader, earlier: Map<string, unknown>) => Promise<unknown>;
}

/** Every page of a list, in the list's own order. */
async function all<T>(list: (q: { limit: number; offset: number }) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += LIST_MAX_LIMIT) {
    const page = await list({ limit: LIST_MAX_LIMIT, offset });
    items.push(...page.items);
    if (page.items.length < LIST_MAX_LIMIT) return items;
  }
}

/** What the app refuses this person (403) or does not find for them (404) is empty here too. */
async function seen<T>(read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return empty;
    throw err;
  }
}

const ids = (rows: unknown): string[] => (Array.isArray(rows) ? rows.map((r: { id: string }) => r.id) : []);

/** For each id of an earlier part, the rows one list reads for it, keyed by that id. */
async function perId<T>(earlier: unknown, read: (id: string) => Promise<T[]>): Promise<Record<string, T[]>> {
  const out: Record<string, T[]> = {};
  for (const id of ids(earlier)) out[id] = await seen(() => read(id), []);
  return out;
}

export const PARTS: Part[] = [
  {
    file: 'user.json',
    read: async ({ knex, user }) => {
      const row = await knex('users').where({ id: user.id }).first('id', 'email', 'name', 'created_at', 'updated_at');
      const { id, email, name, is_admin, is_owner, role, language, account_id, company_id, member_role } = user;
      return { id, email, name, is_admin, is_owner, role, language, account_id, company_id, member_role, created_at: row?.created_at ?? null, updated_at: row?.updated_at ?? null };
    },
  },
  { file: 'profile.json', read: ({ knex, user }) => seen(() => getProfile(knex, user.account_id), null) },
  { file: 'company-members.json', read: ({ knex, user }) => seen(() => listMembers(knex, user), []) },
  { file: 'subscription.json', read: ({ knex, user, clock }) => seen(() => getMySubscription(knex, user, clock.now()), null) },
  { file: 'products.json', read: ({ knex, user }) => seen(() => all((q) => listMyProducts(knex, user, q)), []) },
  { file: 'rfqs.json', read: ({ knex, user, clock }) => seen(() => all((q) => listMyRfqs(knex, user, q, clock.now())), []) },
  { file: 'rfqs-addressed.json', read: ({ knex, user, clock }) => seen(() => all((q) => listAddressedRfqs(knex, user, q, clock.now())), []) },
  {
    file: 'quotes.json',
    read: async ({ knex, user }, earlier) => ({
      ...(await perId(earlier.get('rfqs.json'), (id) => listQuotes(knex, user, id))),
      ...(await perId(earlier.get('rfqs-addressed.json'), (id) => listQuotes(knex, user, id))),
    }),
  },
  { file: 'projects.json', read: ({ knex, user, clock }) => seen(() => all((q) => listMyProjects(knex, user, q, clock)), []) },
  { file: 'instant-orders.json', read: ({ knex, user, clock }) => seen(() => all((q) => listMyInstantOrders(knex, user, q, clock.now())), []) },
  { file: 'purchase-orders.json', read: ({ knex, user }) => seen(() => all((q) => listPurchaseOrders(knex, user, q)), []) },
  { file: 'goods-receipts.json', read: ({ knex, user }, earlier) => perId(earlier.get('purchase-orders.json'), (id) => listReceipts(knex, user, id)) },
  { file: 'invoices.json', read: ({ knex, user, clock }) => seen(() => all((q) => listInvoices(knex, user, q, clock.now())), []) },
  { file: 'payments.json', read: ({ knex, user }, earlier) => perId(earlier.get('invoices.json'), (id) => listPayments(knex, user, id)) },
  { file: 'disputes.json', read: ({ knex, user, clock }) => seen(() => all((q) => listDisputes(knex, user, q, clock.now())), []) },
  { file: 'sites.json', read: ({ knex, user }) => seen(() => all((q) => listSites(knex, user, q)), []) },
  { file: 'purchase-requests.json', read: ({ knex, user }) => seen(() => all((q) => listRequests(knex, user, q)), []) },
  { file: 'deliveries.json', read: ({ knex, user }) => seen(() => all((q) => listDeliveries(knex, user, q)), []) },
  { file: 'transport-requests.json', read: ({ knex, user }) => seen(() => all((q) => listMyTransportRequests(knex, user, q)), []) },
  { file: 'notifications.json', read: ({ knex, user }) => seen(() => all((q) => listNotifications(knex, user, q)), []) },
  { file: 'push-preferences.json', read: ({ knex, user }) => seen(() => getPreferences(knex, user), null) },
  {
    // The session's id is the cookie's token: never in the export; when and until when it is.
    file: 'sessions.json',
    read: ({ knex, user }) => knex('sessions').where({ user_id: user.id }).orderBy('created_at').select('created_at', 'updated_at', 'expires_at'),
  },
  {
    // A device's push endpoint and keys let anyone push to it: only that it exists and since when.
    file: 'push-devices.json',
    read: ({ knex, user }) => knex('push_subscriptions').where({ user_id: user.id }).orderBy('created_at').select('device_id', 'created_at', 'updated_at'),
  },
];
