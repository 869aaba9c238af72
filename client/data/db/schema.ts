/**
 * What the offline store keeps: one table
 * per synced entity, holding rows exactly as the REST API presents them (the shared zod
 * row types) plus a few local fields, and the engine's own tables (meta, base, outbox,
 * rejections). Screens read only the entity tables, through live queries.
 */
import type { Profile } from '../../../shared/schemas/profile';
import type { MutationName } from '../../../shared/mutations';
import type { SyncEntity, SyncRow } from '../../../shared/sync';
import type { Transaction } from 'dexie';
import type { DeliveryFilePurpose } from '../../../shared/schemas/delivery';
import type { SiteBudget } from '../../../shared/schemas/site-budget';

/** Fields the client adds to every stored row. */
interface LocalFields {
  /** The sync generation that last wrote the row (a reset drops older generations). */
  _gen?: number;
}

/**
 * The row type of each entity's table: the row the pull sends (shared/sync.ts, parsed,
 * never cast) and the local fields. The local effects write rows of these types, so a
 * field the server does not send, or of another type, fails the type check.
 */
export type EntityRows = { [E in Exclude<SyncEntity, 'profile'>]: SyncRow<E> & LocalFields } & {
  /** The company's profile, its tax profile inside (absent in a row stored before tax profiles existed). */
  profile: Omit<SyncRow<'profile'>, 'tax_profile'> & LocalFields & { tax_profile?: SyncRow<'profile'>['tax_profile'] };
};

export type LocalProduct = EntityRows['product'];

export type AnyRow = { id: string } & Record<string, unknown>;

/**
 * Table name and Dexie index spec per entity, as the latest schema version has them; the
 * first index is the primary key. A change here needs a new schema version below.
 */
export const ENTITY_TABLES = {
  product: { table: 'products', indexes: 'id, supplier_id, category_id, created_at, _gen' },
  category: { table: 'categories', indexes: 'id, _gen' },
  plan: { table: 'plans', indexes: 'id, _gen' },
  project: { table: 'projects', indexes: 'id, status, government_id, created_at, _gen' },
  bid: { table: 'bids', indexes: 'id, project_id, contractor_id, status, created_at, _gen' },
  instant_order: { table: 'instant_orders', indexes: 'id, contractor_id, status, created_at, _gen' },
  instant_order_response: { table: 'offers', indexes: 'id, instant_order_id, supplier_id, status, created_at, _gen' },
  transport_request: { table: 'transport_requests', indexes: 'id, requester_id, status, created_at, _gen' },
  transport_offer: { table: 'transport_offers', indexes: 'id, transport_request_id, transport_company_id, status, created_at, _gen' },
  notification: { table: 'notifications', indexes: 'id, created_at, _gen' },
  profile: { table: 'profile', indexes: 'id, _gen' },
  subscription: { table: 'subscription', indexes: 'id, _gen' },
  tender_opening: { table: 'tender_openings', indexes: 'id, _gen' },
  objection: { table: 'objections', indexes: 'id, project_id, contractor_id, _gen' },
  delivery: { table: 'deliveries', indexes: 'id, transport_request_id, driver_id, stage, created_at, _gen' },
  rfq: { table: 'rfqs', indexes: 'id, buyer_id, status, closes_at, created_at, _gen' },
  rfq_quote: { table: 'rfq_quotes', indexes: 'id, rfq_id, supplier_id, created_at, _gen' },
  purchase_order: { table: 'purchase_orders', indexes: 'id, buyer_id, seller_id, rfq_id, status, created_at, _gen' },
  invoice: { table: 'invoices', indexes: 'id, seller_id, buyer_id, purchase_order_id, original_invoice_id, created_at, _gen' },
  goods_receipt: { table: 'goods_receipts', indexes: 'id, purchase_order_id, buyer_id, seller_id, created_at, _gen' },
  dispute: { table: 'disputes', indexes: 'id, purchase_order_id, buyer_id, seller_id, status, created_at, _gen' },
  site: { table: 'sites', indexes: 'id, status, _gen' },
  purchase_request: { table: 'purchase_requests', indexes: 'id, site_id, status, created_at, _gen' },
  project_document: { table: 'project_documents', indexes: 'id, project_id, _gen' },
  technical_envelope: { table: 'technical_envelopes', indexes: 'id, project_id, contractor_id, _gen' },
} as const satisfies Record<SyncEntity, { table: string; indexes: string }>;


/** `entity:id`: how the outbox and `base` name a row. */
export type RowKey = `${SyncEntity}:${string}`;
export const rowKey = (entity: SyncEntity, id: string): RowKey => `${entity}:${id}`;
export function parseKey(key: string): { entity: SyncEntity; id: string } {
  const at = key.indexOf(':');
  return { entity: key.slice(0, at) as SyncEntity, id: key.slice(at + 1) };
}

/** meta: small key/values of the engine. */
export interface MetaRow {
  key: MetaKey;
  value: unknown;
}
export type MetaKey =
  | 'client_id'
  | 'next_mutation_id'
  | 'cursor'
  | 'generation'
  | 'initial_sync_done'
  | 'bootstrap'
  | 'last_synced_at';

/**
 * base: the server's copy of a row that pending mutations touch (null: the server has
 * none), and up to which of this client's mutations it already reflects (`as_of`). The
 * visible row is base with the outbox mutations after `as_of` replayed over it.
 */
export interface BaseRow {
  key: RowKey;
  row: AnyRow | null;
  as_of: number;
}

/** What a local effect needs to know about the writer, captured when the write is made. */
export interface EffectContext {
  /** The writer's account (accountIdOf): what their new rows' owner columns hold. */
  user_id: string;
  company_name: string | null;
  /** The person writing (a company may have several): shown as who submitted. */
  person_name?: string | null;
  /** The person's own user id (user_id is their company's account): who raised or decided a thing, as the server records it. */
  person_id?: string;
  verification_tier: Profile['verification_tier'];
  language: string;
  /** When the write was made (ISO), the optimistic created_at/updated_at. */
  now: string;
}

export interface OutboxRow {
  /** The mutation id: increases per client and never repeats (meta.next_mutation_id). */
  id: number;
  name: MutationName;
  args: Record<string, unknown>;
  /** Rows the mutation reads or writes, captured at write time. */
  keys: RowKey[];
  ctx: EffectContext;
  /** pending: not yet answered; acked: applied by the server, kept until a pull reflects it. */
  status: 'pending' | 'acked';
  created_at: string;
}

/** A refused mutation, kept with its reason until the user edits and resends or discards it. */
export interface RejectionRow {
  id: number;
  name: MutationName;
  args: Record<string, unknown>;
  keys: RowKey[];
  code: string;
  error: string;
  details?: Array<{ path: string; message: string }>;
  created_at: string;
  at: string;
}

/**
 * uploads: a file chosen on this device, kept (a photo already downscaled) until the
 * server has it, so it survives going offline, a reload and a restart: a product's photo,
 * a file of a delivery (the driver's signature and proof photos, the requester's photos
 * of a problem), or the photo of a transfer's receipt. The id is the file's own id (a uuid made here): the upload names it, so a
 * retried or resumed upload makes one file exactly once. `url` is the upload's address on
 * the server once created: a reload resumes there from the last byte the server has.
 */
export type UploadRow = ProductPhotoUpload | DeliveryFileUpload | ReceiptUpload | OrderPhotoUpload;

/**
 * A site's budget as the server last answered it (GET /api/sites/{id}/budget), kept so the
 * site's page reads it offline: the figures are sums the server makes of documents the
 * device does not all hold (receipts, payments), so they are cached, not computed here.
 */
export interface SiteBudgetRow {
  site_id: string;
  budget: SiteBudget;
}

/**
 * The file of a tender document this device synced (keyed by the document's id), kept so
 * the project's page opens it offline. A version's bytes never change (hash), so a kept
 * file is never stale; it goes when the document's row leaves the device.
 */
export interface DocumentFileRow {
  id: string;
  project_id: string;
  hash: string;
  blob: Blob;
}

interface UploadFields {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  width: number | null;
  height: number | null;
  bytes: number;
  /**
   * queued: waits to be sent (or is being sent); sent: the server has it, the row waits
   * for the pull that shows it; refused: the server said no (`code`, `error`), kept so
   * the person sees why until they dismiss it.
   */
  status: 'queued' | 'sent' | 'refused';
  url: string | null;
  code: string | null;
  error: string | null;
  created_at: string;
}

/** A product's photo (rows stored before delivery files existed have no `kind`). */
export interface ProductPhotoUpload extends UploadFields {
  kind?: 'product_photo';
  product_id: string;
}

/** A file of a delivery: sent only once the outbox holds no mutation on that delivery (its step or problem goes first). */
export interface DeliveryFileUpload extends UploadFields {
  kind: 'delivery_file';
  delivery_id: string;
  purpose: DeliveryFilePurpose;
}

/** The photo of a transfer's receipt: sent only once the outbox holds no mutation on the invoice (the payment naming it goes first). */
export interface ReceiptUpload extends UploadFields {
  kind: 'payment_receipt';
  payment_id: string;
  invoice_id: string;
}

/**
 * A photo of a goods receipt's line or of a dispute, a file of the order: sent only once the
 * outbox holds no mutation on the order (the receipt or dispute naming it goes first).
 */
export interface OrderPhotoUpload extends UploadFields {
  kind: 'order_photo';
  purchase_order_id: string;
}

/** The entity row an upload belongs to, as the outbox names it. */
export function uploadOwnerKey(row: UploadRow): RowKey {
  if (row.kind === 'delivery_file') return rowKey('delivery', row.delivery_id);
  if (row.kind === 'payment_receipt') return rowKey('invoice', row.invoice_id);
  if (row.kind === 'order_photo') return rowKey('purchase_order', row.purchase_order_id);
  return rowKey('product', row.product_id);
}

/** Tables of this device only (never synced), as the latest schema version has them. */
export const LOCAL_TABLES = { uploads: 'id, product_id, status', site_budgets: 'site_id', document_files: 'id' } as const;

export interface SchemaVersion {
  version: number;
  /** The stores this version adds or changes (Dexie keeps the others), null deletes one. */
  stores: Record<string, string | null>;
  /** Rewrites stored rows once, when a device opens the database at this version. */
  upgrade?: (tx: Transaction) => Promise<unknown>;
}

/**
 * Dexie store specs per schema version, each written out as it shipped: a device holding
 * a database of version N opens it only if version N is declared as it was, so an old
 * version never changes (not even when an entity is added). A change adds a version.
 */
export const SCHEMA_VERSIONS: SchemaVersion[] = [
  {
    version: 1,
    stores: {
      meta: 'key',
      base: 'key',
      outbox: 'id, status',
      rejections: 'id',
      products: 'id, supplier_id, category_id, created_at, *_words, _gen',
      categories: 'id, _gen',
      plans: 'id, _gen',
      projects: 'id, status, government_id, created_at, _gen',
      bids: 'id, project_id, contractor_id, status, created_at, _gen',
      instant_orders: 'id, contractor_id, status, created_at, _gen',
      offers: 'id, instant_order_id, supplier_id, status, created_at, _gen',
      transport_requests: 'id, requester_id, status, created_at, _gen',
      transport_offers: 'id, transport_request_id, transport_company_id, status, created_at, _gen',
      notifications: 'id, created_at, _gen',
      profile: 'id, _gen',
      subscription: 'id, _gen',
    },
  },
  {
    // Offline search builds its word index in memory (data/local/search.ts): products lose
    // the stored words and their multi-entry index, which every sync paid for.
    version: 2,
    stores: { products: 'id, supplier_id, category_id, created_at, _gen' },
    upgrade: (tx) =>
      tx
        .table('products')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          delete row._words;
          delete row._search;
        }),
  },
  {
    // Sealed tendering: opening records and objections arrive as rows of their own. A
    // project owner's device may hold bids received before bids were sealed until the
    // opening: every bid but the user's own goes at once (the opening brings them back),
    // and the next sync pulls everything again under a new generation (as a reset does),
    // so projects and bids come back with their opening, standstill and receipt fields.
    // Photos waiting to reach the server (UploadRow) get a table of their own too.
    version: 3,
    stores: { tender_openings: 'id, _gen', objections: 'id, project_id, contractor_id, _gen', uploads: 'id, product_id, status' },
    upgrade: async (tx) => {
      const userId = tx.db.name.replace(/^binaa-/, '');
      await tx
        .table('bids')
        .filter((row: { contractor_id?: string }) => row.contractor_id !== userId)
        .delete();
      const meta = tx.table('meta');
      const generation = (((await meta.get('generation')) as MetaRow | undefined)?.value as number | undefined) ?? 0;
      if (!(await meta.get('initial_sync_done'))) return;
      await meta.bulkPut([
        { key: 'generation', value: generation + 1 },
        { key: 'cursor', value: '' },
        { key: 'bootstrap', value: { mode: 'reset', phase: 'feed', cursors: {}, received: 0, total: null } },
      ]);
    },
  },
  {
    // Deliveries arrive as rows of their own; transport requests gained their deal and
    // delivery, offers the supplier's address: the next sync pulls everything again under
    // a new generation (as version 3 does), so stored rows get the new fields.
    version: 4,
    stores: { deliveries: 'id, transport_request_id, driver_id, stage, created_at, _gen' },
    upgrade: async (tx) => {
      const meta = tx.table('meta');
      const generation = (((await meta.get('generation')) as MetaRow | undefined)?.value as number | undefined) ?? 0;
      if (!(await meta.get('initial_sync_done'))) return;
      // Already pulling everything again (version 3's upgrade ran just before): once is enough.
      if ((((await meta.get('bootstrap')) as MetaRow | undefined)?.value as { mode?: string } | undefined)?.mode === 'reset') return;
      await meta.bulkPut([
        { key: 'generation', value: generation + 1 },
        { key: 'cursor', value: '' },
        { key: 'bootstrap', value: { mode: 'reset', phase: 'feed', cursors: {}, received: 0, total: null } },
      ]);
    },
  },
  {
    // Requests for quotation, quotes and purchase orders arrive as rows of their own; they
    // are new entities, so the feed sends them without pulling everything again.
    version: 5,
    stores: {
      rfqs: 'id, buyer_id, status, closes_at, created_at, _gen',
      rfq_quotes: 'id, rfq_id, supplier_id, created_at, _gen',
      purchase_orders: 'id, buyer_id, seller_id, rfq_id, status, created_at, _gen',
    },
  },
  {
    // Tax invoices and credit notes arrive as rows of their own; a new entity, so the feed
    // sends them without pulling everything again.
    version: 6,
    stores: { invoices: 'id, seller_id, buyer_id, purchase_order_id, original_invoice_id, created_at, _gen' },
  },
  {
    // Goods receipts and disputes arrive as rows of their own; new entities, so the feed
    // sends them without pulling everything again.
    version: 7,
    stores: {
      goods_receipts: 'id, purchase_order_id, buyer_id, seller_id, created_at, _gen',
      disputes: 'id, purchase_order_id, buyer_id, seller_id, status, created_at, _gen',
    },
  },
  {
    // A contractor's sites (their budget lines and approval rules inside) and purchase
    // requests arrive as rows of their own; new entities, so the feed sends them without
    // pulling everything again. Sites by status (the list, active first); requests by
    // site, status and age (a site's requests, those waiting).
    version: 8,
    stores: {
      sites: 'id, status, _gen',
      purchase_requests: 'id, site_id, status, created_at, _gen',
    },
  },
  {
    // The last budget each site's page read from the server (SiteBudgetRow), kept on this
    // device only, so the page shows where every riyal stood when the signal goes.
    version: 9,
    stores: { site_budgets: 'site_id' },
  },
  {
    // A tender's documents arrive as rows of their own (a new entity, sent without pulling
    // everything again), and the files of those this device synced are kept beside them
    // (DocumentFileRow), so a contractor on site opens the booklet without a signal.
    version: 10,
    stores: { project_documents: 'id, project_id, _gen', document_files: 'id' },
  },
  {
    // A two-envelope tender's technical envelopes arrive as rows of their own (a new entity,
    // sent without pulling everything again): the bidder's own, and every one to the owner
    // from the opening, by project (the owner's evaluation lists a tender's envelopes).
    version: 11,
    stores: { technical_envelopes: 'id, project_id, contractor_id, _gen' },
  },
];
