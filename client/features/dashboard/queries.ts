/**
 * What the dashboard counts and lists, from the local store (so it opens offline): the
 * stats cards per role, the last three products or projects, and what the next steps
 * depend on.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useRef } from 'react';
import { DASHBOARD_RECENT } from '../../../shared/constants';
import type { Role } from '../../../shared/constants';
import type { TransportRequestStatus } from '../../../shared/lifecycles/transport';
import { shownProjectStatus, type ShownProjectStatus } from '../../../shared/tender';
import type { KeysUnder } from '../../i18n/keys';
import type { BinaaDb } from '../../data/db/database';
import type { EntityRows } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { readSubscription } from '../../data/local/subscription';

interface Stat {
  key: KeysUnder<'dashboard', 'stats'>;
  value: number;
}

export interface DashboardData {
  stats: Stat[];
  /** The facts the suggested next steps depend on. */
  facts: { products: number; orders: number; projects: number; bidsToReview: number; openRequests: number; openProjects: number; activeOrders: number; plan: string | null };
  recent: RecentItem[];
  recentKind: 'products' | 'projects' | 'requests';
}

interface RecentItem {
  id: string;
  /** A product's or a project's name. */
  title?: string;
  /** A transport request's places, shown as one translated sentence with each place isolated. */
  route?: { from: string; to: string };
  /** SAR amount (price or budget) when there is one. */
  amount: number | null;
  unit?: string;
  status: ShownProjectStatus | EntityRows['product']['availability_status'] | TransportRequestStatus;
  created_at: string;
}

const newest = <T extends { created_at: string }>(rows: T[]) => [...rows].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

async function read(db: BinaaDb, role: Role, me: string): Promise<DashboardData> {
  const subscription = await readSubscription(db);
  const facts: DashboardData['facts'] = { products: 0, orders: 0, projects: 0, bidsToReview: 0, openRequests: 0, openProjects: 0, activeOrders: 0, plan: subscription?.subscription_plan ?? null };
  const stats: Stat[] = [];
  let recent: RecentItem[] = [];
  let recentKind: DashboardData['recentKind'] = 'projects';

  const projectItems = (rows: EntityRows['project'][]) =>
    newest(rows).slice(0, DASHBOARD_RECENT).map((p) => ({ id: p.id, title: p.title, amount: p.budget, status: shownProjectStatus(p.status, p.phase), created_at: p.created_at }));

  if (role === 'supplier') {
    const [mine, offers, activeOrders] = await Promise.all([
      db.products.where('supplier_id').equals(me).toArray(),
      db.offers.where('supplier_id').equals(me).toArray(),
      db.instant_orders.where('status').equals('active').count(),
    ]);
    facts.products = mine.length;
    facts.activeOrders = activeOrders;
    stats.push({ key: 'products', value: mine.length }, { key: 'offersSent', value: offers.length }, { key: 'offersWon', value: offers.filter((o) => o.status === 'accepted').length });
    recent = newest(mine).slice(0, DASHBOARD_RECENT).map((p) => ({ id: p.id, title: p.name, amount: p.price, unit: p.unit, status: p.availability_status, created_at: p.created_at }));
    recentKind = 'products';
  } else if (role === 'contractor') {
    const [bids, orders, open] = await Promise.all([
      db.bids.where('contractor_id').equals(me).count(),
      db.instant_orders.where('contractor_id').equals(me).toArray(),
      db.projects.where('status').equals('open').toArray(),
    ]);
    const orderIds = orders.map((o) => o.id);
    const offers = orderIds.length ? await db.offers.where('instant_order_id').anyOf(orderIds).count() : 0;
    facts.orders = orders.length;
    facts.openProjects = open.length;
    stats.push({ key: 'bids', value: bids }, { key: 'instantOrders', value: orders.length }, { key: 'offersReceived', value: offers });
    recent = projectItems(open);
  } else if (role === 'government') {
    const mine = await db.projects.where('government_id').equals(me).toArray();
    const count = (s: string) => mine.filter((p) => p.status === s).length;
    const bids = mine.reduce((sum, p) => sum + (p.bid_count ?? 0), 0);
    facts.projects = mine.length;
    facts.bidsToReview = mine.filter((p) => p.status === 'open').reduce((sum, p) => sum + (p.bid_count ?? 0), 0);
    stats.push({ key: 'projectsOpen', value: count('open') }, { key: 'projectsInProgress', value: count('in_progress') }, { key: 'projectsCompleted', value: count('completed') }, { key: 'bidsReceived', value: bids });
    recent = projectItems(mine);
  } else {
    // transport (and admin, who sees the same public picture)
    const [open, offers] = await Promise.all([db.transport_requests.where('status').equals('pending').toArray(), db.transport_offers.where('transport_company_id').equals(me).toArray()]);
    const won = new Set(offers.filter((o) => o.status === 'accepted').map((o) => o.id));
    const deliveries = won.size ? (await db.transport_requests.toArray()).filter((r) => r.assigned_offer_id && won.has(r.assigned_offer_id)).length : 0;
    facts.openRequests = open.length;
    stats.push({ key: 'openRequests', value: open.length }, { key: 'quotes', value: offers.length }, { key: 'deliveries', value: deliveries });
    recent = newest(open)
      .slice(0, DASHBOARD_RECENT)
      .map((r) => ({ id: r.id, route: { from: r.pickup_location, to: r.delivery_location }, amount: r.budget, status: r.status, created_at: r.created_at }));
    recentKind = 'requests';
  }
  return { stats, facts, recent, recentKind };
}

/**
 * The live query re-runs on every write to the tables it reads (each sync brings some);
 * the dashboard renders again only when what it shows changed.
 */
export function useDashboard(role: Role, me: string): DashboardData | undefined {
  const { db } = useLocalData();
  // A supplier's counts are of its products, which the first sync brings last.
  const data = useLiveQuery(() => read(db, role, me), [db, role, me], role === 'supplier' ? 'complete' : 'usable');
  const last = useRef<{ json: string; data: DashboardData } | null>(null);
  if (data === undefined) return undefined;
  const json = JSON.stringify(data);
  if (last.current?.json !== json) last.current = { json, data };
  return last.current.data;
}
