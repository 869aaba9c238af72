/**
 * Where PDFs are rendered: a pool of worker threads (piscina, pdf-worker.mjs), never the
 * server's event loop, since pdfkit lays a document out synchronously and a long one takes
 * seconds, during which nothing else (not even /api/health) would be answered.
 *
 * Bounded three ways, each answered at once rather than left to pile up:
 * - per account: at most `perAccount` renders of one account at a time (the requester's
 *   account, buyer or seller); more is 429 rate_limited with Retry-After, so one company
 *   flooding its own long documents holds at most that many threads;
 * - in all: `threads` threads (one fewer than the cores, so the event loop keeps a core)
 *   and at most `queue` renders waiting for one; more is 503 pdf_busy with Retry-After;
 * - in time: a render that has not finished within `timeoutMs` (waiting included) is
 *   abandoned and its thread ended (piscina terminates a worker whose task is aborted),
 *   503 pdf_timed_out.
 * The same document asked for again while it renders waits for that render (`key`), so a
 * flood of one document costs one render.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { pdfBusy, pdfTimedOut, rateLimited } from '../../../shared/errors';
import type { Invoice } from '../../../shared/schemas/invoice';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';

/** What a thread renders: an invoice as REST presents it (pdf.ts), or a purchase order (purchase-order-pdf.ts). */
export type PdfTask = Invoice | { purchase_order: PurchaseOrder };

interface PdfRendererOptions {
  threads: number;
  queue: number;
  perAccount: number;
  timeoutMs: number;
}

/** A 2-core machine: one render thread, the other core for the event loop; more cores, more threads. */
const PDF_RENDERER_DEFAULTS: PdfRendererOptions = {
  threads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  queue: 8,
  perAccount: 2,
  // A 500-line order renders in a few seconds on one core; ten times that is a document
  // (or a thread) that will not finish.
  timeoutMs: 30_000,
};

/** Seconds a refused requester is told to wait: about one long render. */
const RETRY_AFTER_SECONDS = 5;

export class PdfRenderer {
  private pool: Piscina<PdfTask, Uint8Array> | undefined;
  private readonly options: PdfRendererOptions;
  private readonly perAccount = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  /** renders started since the renderer was made (what a stored document saves) */
  renders = 0;

  constructor(options: Partial<PdfRendererOptions> = {}) {
    this.options = { ...PDF_RENDERER_DEFAULTS, ...options };
  }

  /** The threads start with the first render, not with the app. */
  private threads(): Piscina<PdfTask, Uint8Array> {
    this.pool ??= new Piscina<PdfTask, Uint8Array>({
      filename: new URL('./pdf-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.options.threads,
      maxQueue: this.options.queue,
      idleTimeout: 60_000,
      // The worker loads its TypeScript itself (pdf-worker.mjs): no loader flags of ours.
      execArgv: [],
      // A document that would grow past this ends its thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return this.pool;
  }

  /**
   * The document's PDF from a thread. `key` names the document as rendered (the same key
   * joins a render in flight, whoever asked for it); `accountId` is who asks.
   */
  render(task: PdfTask, opts: { key: string; accountId: string }): Promise<Buffer> {
    const joined = this.inFlight.get(opts.key);
    if (joined) return joined;
    const mine = this.perAccount.get(opts.accountId) ?? 0;
    if (mine >= this.options.perAccount) return Promise.reject(rateLimited(RETRY_AFTER_SECONDS));
    if (this.running >= this.options.threads + this.options.queue) return Promise.reject(pdfBusy(RETRY_AFTER_SECONDS));
    this.perAccount.set(opts.accountId, mine + 1);
    this.running++;
    this.renders++;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const done = this.threads()
      .run(task, { signal })
      .then(
        (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        (err: unknown) => {
          if (signal.aborted) throw pdfTimedOut(RETRY_AFTER_SECONDS);
          throw err;
        },
      )
      .finally(() => {
        this.running--;
        const left = (this.perAccount.get(opts.accountId) ?? 1) - 1;
        if (left > 0) this.perAccount.set(opts.accountId, left);
        else this.perAccount.delete(opts.accountId);
        this.inFlight.delete(opts.key);
      });
    this.inFlight.set(opts.key, done);
    return done;
  }

  /** Ends the threads (an app's close). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
