/**
 * The Dexie database of one signed-in user (`binaa-<userId>`), so one user's data and
 * outbox never mix with another's on a shared device. Sign-out deletes it; an expired
 * session keeps it (the same user signs in again and carries on).
 */
import Dexie, { type Table } from 'dexie';
import type { SyncEntity } from '../../../shared/sync';
import {
  ENTITY_TABLES,
  SCHEMA_VERSIONS,
  type AnyRow,
  type BaseRow,
  type EntityRows,
  type MetaKey,
  type MetaRow,
  type OutboxRow,
  type RejectionRow,
  type SiteBudgetRow,
  type DocumentFileRow,
  type UploadRow,
} from './schema';

export const dbName = (userId: string) => `binaa-${userId}`;

export class BinaaDb extends Dexie {
  meta!: Table<MetaRow, MetaKey>;
  base!: Table<BaseRow, string>;
  outbox!: Table<OutboxRow, number>;
  rejections!: Table<RejectionRow, number>;
  products!: Table<EntityRows['product'], string>;
  categories!: Table<EntityRows['category'], string>;
  plans!: Table<EntityRows['plan'], string>;
  projects!: Table<EntityRows['project'], string>;
  bids!: Table<EntityRows['bid'], string>;
  instant_orders!: Table<EntityRows['instant_order'], string>;
  offers!: Table<EntityRows['instant_order_response'], string>;
  transport_requests!: Table<EntityRows['transport_request'], string>;
  transport_offers!: Table<EntityRows['transport_offer'], string>;
  notifications!: Table<EntityRows['notification'], string>;
  profile!: Table<EntityRows['profile'], string>;
  subscription!: Table<EntityRows['subscription'], string>;
  tender_openings!: Table<EntityRows['tender_opening'], string>;
  objections!: Table<EntityRows['objection'], string>;
  deliveries!: Table<EntityRows['delivery'], string>;
  rfqs!: Table<EntityRows['rfq'], string>;
  rfq_quotes!: Table<EntityRows['rfq_quote'], string>;
  purchase_orders!: Table<EntityRows['purchase_order'], string>;
  invoices!: Table<EntityRows['invoice'], string>;
  goods_receipts!: Table<EntityRows['goods_receipt'], string>;
  disputes!: Table<EntityRows['dispute'], string>;
  sites!: Table<EntityRows['site'], string>;
  purchase_requests!: Table<EntityRows['purchase_request'], string>;
  project_documents!: Table<EntityRows['project_document'], string>;
  technical_envelopes!: Table<EntityRows['technical_envelope'], string>;
  document_files!: Table<DocumentFileRow, string>;
  uploads!: Table<UploadRow, string>;
  site_budgets!: Table<SiteBudgetRow, string>;

  readonly userId: string;
  /**
   * Whose rows are "mine" on this device: the company's account for its owner and members,
   * the person's own for a driver (accountIdOf). Owner columns are compared with it.
   */
  accountId: string;

  constructor(userId: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(dbName(userId), options);
    this.userId = userId;
    this.accountId = userId;
    for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }

  /** The table of a synced entity. */
  entityTable<E extends SyncEntity>(entity: E): Table<EntityRows[E], string> {
    return this.table(ENTITY_TABLES[entity].table) as unknown as Table<EntityRows[E], string>;
  }

  anyEntityTable(entity: SyncEntity): Table<AnyRow, string> {
    return this.table(ENTITY_TABLES[entity].table) as unknown as Table<AnyRow, string>;
  }

  /** Every table the engine writes in one sync transaction. */
  syncTables(): Table[] {
    return [this.meta, this.base, this.outbox, this.rejections, ...Object.values(ENTITY_TABLES).map(({ table }) => this.table(table))];
  }

  async getMeta<T>(key: MetaKey): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  setMeta(key: MetaKey, value: unknown): Promise<MetaKey> {
    return this.meta.put({ key, value });
  }
}

/** Deletes a user's local database (sign-out). */
export function deleteUserDb(userId: string): Promise<void> {
  return Dexie.delete(dbName(userId));
}
