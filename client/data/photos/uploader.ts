/**
 * Sends the files waiting in `uploads` (product photos, a transfer's receipt, and a delivery's signature and
 * photos) to the server over tus (resumable uploads), one at a time (a weak connection is
 * better used by one upload than split between several), oldest first, from any tab of
 * the user but only one at once (a Web Lock).
 *
 * - A file waits while the outbox holds a pending mutation on the row it belongs to: a
 *   photo of a product created offline goes after the product's create, a delivery's
 *   proof after the "delivered" step that names it, a problem's photos after the report.
 * - The upload's address is stored on the photo's row as soon as the server makes it, so
 *   after a dropped link, a reload or a restart the upload asks the server how much it has
 *   (HEAD) and sends only the rest. The photo id travels in the metadata: a photo the
 *   server already made is never made twice.
 * - A refusal (the server's JSON `{error, code}`) marks the row refused with its reason;
 *   a failure of the link or the server retries later (sooner when the browser says it is
 *   online again).
 * - Once sent, the row stays (status sent) until a pull brings the product (or the
 *   delivery) with the file, so the screens never lose sight of it in between; then it
 *   is deleted.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import type { BinaaDb } from '../db/database';
import { uploadOwnerKey, type OutboxRow, type UploadRow } from '../db/schema';

const UPLOAD_ENDPOINT = '/api/uploads';

/** Waits after a failed attempt (the link or the server), before the next one. */
const BACKOFF_MS = [1_000, 3_000, 10_000, 30_000, 60_000];

export interface UploadProgress {
  sent: number;
  total: number;
}

export type Outcome = { kind: 'sent' } | { kind: 'refused'; code: string; error: string } | { kind: 'failed' };

/**
 * What a failed attempt's answer means: "not this file" (refused, with the reason shown on
 * the row) or "try again later" (failed). A 4xx is a refusal, except those that say later:
 * 401 (signed out for now), 408, 423, 429, and a 409 that is tus's offset check or
 * `too_many_uploads` (the account's other unfinished uploads expire or finish). A 409 that
 * names a full product (`photo_limit`) or a full plan (`storage_quota`) stays so until the
 * person removes a photo or changes plan: retrying it would spin unseen.
 */
export function outcomeOf(status: number, body: string | undefined): Outcome {
  const refusal = refusalOf(status, body);
  if (status === 409) return LASTING_CONFLICTS.has(refusal.code) ? { kind: 'refused', ...refusal } : { kind: 'failed' };
  const refused = status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 423 && status !== 429;
  return refused ? { kind: 'refused', ...refusal } : { kind: 'failed' };
}

const LASTING_CONFLICTS: ReadonlySet<string> = new Set(['photo_limit', 'storage_quota']);

function refusalOf(status: number, text: string | undefined): { code: string; error: string } {
  try {
    const body = JSON.parse(text ?? '') as { code?: unknown; error?: unknown };
    if (typeof body.code === 'string') return { code: body.code, error: typeof body.error === 'string' ? body.error : body.code };
  } catch {
    /* not JSON: below */
  }
  return status === 413 ? { code: 'image_too_large', error: 'too large' } : { code: 'upload_refused', error: `HTTP ${status}` };
}

/** The tus Upload-Metadata of a row: what it is, whose, and its own id. */
export function uploadMetadata(row: UploadRow): Record<string, string> {
  const file = { photo_id: row.id, filename: row.name, filetype: row.type };
  if (row.kind === 'delivery_file') return { kind: 'delivery_file', delivery_id: row.delivery_id, purpose: row.purpose, ...file };
  if (row.kind === 'payment_receipt') return { kind: 'payment_receipt', payment_id: row.payment_id, ...file };
  if (row.kind === 'order_photo') return { kind: 'order_photo', purchase_order_id: row.purchase_order_id, ...file };
  return { kind: 'product_photo', product_id: row.product_id, ...file };
}

/**
 * Whether a file must wait: the outbox still holds a pending mutation on the row it
 * belongs to (its product's create, its delivery's step), so the server may not have
 * that row, or the step naming the file, yet.
 */
export function waitsForOutbox(row: UploadRow, pending: ReadonlyArray<Pick<OutboxRow, 'keys' | 'status'> & { args?: OutboxRow['args'] }>): boolean {
  const owner = uploadOwnerKey(row);
  // An order's photo also waits for any write naming the order (the receipt or dispute that names the photo), whatever rows it keys.
  const ofOrder = (m: { args?: OutboxRow['args'] }) => row.kind === 'order_photo' && m.args?.purchase_order_id === row.purchase_order_id;
  return pending.some((m) => m.status === 'pending' && (m.keys.includes(owner) || ofOrder(m)));
}

export class PhotoUploader {
  private readonly progress = new Map<string, UploadProgress>();
  private readonly listeners = new Set<() => void>();
  private running = false;
  private again = false;
  private stopped = true;
  private failures = 0;
  private wake: (() => void) | null = null;
  private current: { id: string; upload: Upload; settle: (outcome: Outcome) => void } | null = null;

  constructor(
    private readonly db: BinaaDb,
    private readonly options: { endpoint?: string; onSent?: () => void } = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.kick);
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.kick);
    this.abortCurrent(false);
    this.wake?.();
  }

  /** Look for work now (after a photo is queued, a sync, the link coming back). */
  kick = (): void => {
    if (this.stopped) return;
    this.failures = 0;
    if (this.wake) {
      this.wake();
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    const work = () => this.drain().finally(() => {
      this.running = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    void (locks ? locks.request(`binaa-uploads-${this.db.userId}`, work) : work()).catch((error: unknown) => console.warn('photo upload failed', error));
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  progressOf(id: string): UploadProgress | undefined {
    return this.progress.get(id);
  }

  private setProgress(id: string, value: UploadProgress | undefined) {
    if (value) this.progress.set(id, value);
    else this.progress.delete(id);
    for (const listener of this.listeners) listener();
  }

  /** Stops sending a photo (removed before it reached the server) and forgets it. */
  async cancel(id: string): Promise<void> {
    const row = await this.db.uploads.get(id);
    await this.db.uploads.delete(id);
    if (this.current?.id === id) this.abortCurrent(true);
    else if (row?.url && row.status === 'queued') await Upload.terminate(row.url).catch(() => undefined);
    this.setProgress(id, undefined);
  }

  /** An aborted upload reports nothing: its attempt ends here, as a failure to retry (if its row is still there). */
  private abortCurrent(terminate: boolean) {
    const current = this.current;
    if (!current) return;
    void current.upload.abort(terminate).catch(() => undefined);
    current.settle({ kind: 'failed' });
  }

  /**
   * Deletes sent rows whose file a pull has brought (or whose product or delivery is gone from
   * this device); an order's photo once sent (the receipt or dispute naming it serves it).
   */
  async settle(): Promise<void> {
    const sent = await this.db.uploads.where('status').equals('sent').toArray();
    if (!sent.length) return;
    const productIds = [...new Set(sent.flatMap((r) => (r.kind === 'delivery_file' || r.kind === 'payment_receipt' || r.kind === 'order_photo' ? [] : [r.product_id])))];
    const deliveryIds = [...new Set(sent.flatMap((r) => (r.kind === 'delivery_file' ? [r.delivery_id] : [])))];
    const invoiceIds = [...new Set(sent.flatMap((r) => (r.kind === 'payment_receipt' ? [r.invoice_id] : [])))];
    const [products, deliveries, invoices] = await Promise.all([this.db.products.bulkGet(productIds), this.db.deliveries.bulkGet(deliveryIds), this.db.invoices.bulkGet(invoiceIds)]);
    const filesOf = new Map<string, Array<{ id: string }> | undefined>();
    for (const p of products) if (p) filesOf.set(`product:${p.id}`, p.photos);
    for (const d of deliveries) if (d) filesOf.set(`delivery:${d.id}`, d.files);
    // A receipt has arrived once a payment naming it says so.
    for (const i of invoices) if (i) filesOf.set(`invoice:${i.id}`, (i.payment?.payments ?? []).flatMap((p) => (p.receipt_id && p.receipt_stored ? [{ id: p.receipt_id }] : [])));
    const done = sent.filter((r) => {
      const key = uploadOwnerKey(r);
      return !filesOf.has(key) || Boolean(filesOf.get(key)?.some((f) => f.id === r.id));
    });
    if (done.length) await this.db.uploads.bulkDelete(done.map((r) => r.id));
  }

  /** The oldest queued file whose row no pending mutation touches (the server has what the file belongs to). */
  private async next(): Promise<UploadRow | undefined> {
    const queued = (await this.db.uploads.where('status').equals('queued').toArray()).sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    if (!queued.length) return undefined;
    const pending = await this.db.outbox.where('status').equals('pending').toArray();
    return queued.find((row) => !waitsForOutbox(row, pending));
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      // Offline: nothing to try; the 'online' event looks again.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const row = await this.next();
      if (!row) return;
      const outcome = await this.send(row);
      if (this.stopped) return;
      if (outcome.kind === 'sent') {
        this.failures = 0;
        await this.db.uploads.update(row.id, { status: 'sent' });
        this.setProgress(row.id, undefined);
        this.options.onSent?.();
      } else if (outcome.kind === 'refused') {
        this.failures = 0;
        await this.db.uploads.update(row.id, { status: 'refused', code: outcome.code, error: outcome.error, url: null });
        this.setProgress(row.id, undefined);
      } else {
        this.setProgress(row.id, undefined); // waiting again, not "uploading 0%"
        const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
        this.failures += 1;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.wake = null;
            resolve();
          }, delay);
          this.wake = () => {
            clearTimeout(timer);
            this.wake = null;
            resolve();
          };
        });
      }
    }
  }

  private send(row: UploadRow): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const upload: Upload = new Upload(row.blob, {
        endpoint: this.options.endpoint ?? UPLOAD_ENDPOINT,
        // Where an earlier attempt got to: tus asks the server for its offset and sends the rest
        // (or starts afresh if the server no longer has that upload).
        uploadUrl: row.url,
        metadata: uploadMetadata(row),
        // The row keeps the address (below), not tus's own localStorage.
        storeFingerprintForResuming: false,
        // Quick retries within one attempt; a longer outage is the queue's backoff.
        retryDelays: [0, 1_000, 3_000],
        onUploadUrlAvailable: () => {
          if (upload.url && upload.url !== row.url) void this.db.uploads.update(row.id, { url: upload.url });
        },
        onProgress: (sent, total) => this.setProgress(row.id, { sent, total }),
        onSuccess: () => resolve({ kind: 'sent' }),
        onError: (error) => {
          const response = (error as DetailedError).originalResponse;
          resolve(outcomeOf(response?.getStatus() ?? 0, response?.getBody()));
        },
      });
      this.current = { id: row.id, upload, settle: resolve };
      this.setProgress(row.id, { sent: 0, total: row.bytes });
      upload.start();
    }).finally(() => {
      this.current = null;
    });
  }
}
