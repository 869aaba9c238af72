/**
 * Builds people's exports outside any request, as the push and clearance workers send
 * theirs: a start kicks this process's worker after its commit, and the upkeep sweeps once
 * a minute (server/main.ts) for jobs nobody is building. Any process may build any job: it
 * claims one with a lease (SKIP LOCKED, then claimed_by and claimed_until) renewed as each
 * file of the ZIP is written, so a process that dies mid-build lets the next sweep after
 * the lease runs out start that job again from the beginning (a ZIP is never resumed half
 * way: it is cheap to build again, and a half-written one is never served).
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import { loadSessionUser } from '../../auth/session-user';
import { objectStore } from '../../storage';
import { SerialDrain } from '../../serial-drain';
import { outsideAnyRoute } from '../../http/route-shape';
import { PARTS } from './collect';
import { exportFiles } from './files';

const LEASE_SECONDS = 300;
/** Progress the JSON files take; the uploaded files take the rest up to 99, the ZIP's store 100. */
const RECORDS_SHARE = 50;

export const exportKey = (id: string) => `exports/${id}.zip`;

interface WorkerDeps {
  knex: Knex;
  config: Config;
  logger: Logger;
  clock: Clock;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export class ExportWorker {
  private readonly id = crypto.randomUUID();
  private readonly drain = new SerialDrain(
    async () => {
      while (await this.buildOne());
    },
    (err) => this.deps.logger.warn({ err }, 'account export drain failed'),
  );

  constructor(private readonly deps: WorkerDeps) {}

  /** Builds every job waiting; resolves once none is (tests and shutdown wait on it). */
  kick(): Promise<void> {
    return outsideAnyRoute(() => this.drain.kick());
  }

  /** The minute's upkeep: what waits is built, and exports past their keeping go with their files. */
  async sweep(): Promise<void> {
    const { knex, config, clock } = this.deps;
    const gone: Array<{ id: string }> = await knex('account_exports').where('expires_at', '<', clock.now()).delete().returning('id');
    if (gone.length) await objectStore(config).delete(gone.map((g) => exportKey(g.id)));
    await this.kick();
  }

  /** Claims one waiting job and builds it; false when none waits. */
  private async buildOne(): Promise<boolean> {
    const { knex, logger } = this.deps;
    const { rows } = (await knex.raw(
      `update account_exports e set claimed_by = ?, claimed_until = now() + make_interval(secs => ?), progress = 0
        where e.id = (select id from account_exports
                       where status = 'preparing' and (claimed_until is null or claimed_until < now())
                       order by created_at limit 1 for update skip locked)
        returning e.id, e.user_id`,
      [this.id, LEASE_SECONDS],
    )) as { rows: Array<{ id: string; user_id: string }> };
    const job = rows[0];
    if (!job) return false;
    const mine = () => knex('account_exports').where({ id: job.id, claimed_by: this.id, status: 'preparing' });
    try {
      const bytes = await this.build(job, mine);
      if (bytes !== null) await mine().update({ status: 'ready', progress: 100, bytes, finished_at: knex.fn.now(), claimed_by: null, claimed_until: null });
    } catch (err) {
      logger.warn({ err, export: job.id }, 'an account export failed');
      await mine().update({ status: 'failed', finished_at: knex.fn.now(), claimed_by: null, claimed_until: null });
    }
    return true;
  }

  /** The ZIP, stored; its size, or null when the job was lost to another process meanwhile. */
  private async build(job: { id: string; user_id: string }, mine: () => Knex.QueryBuilder): Promise<number | null> {
    const { knex, config, clock } = this.deps;
    const user = await loadSessionUser(knex, config, job.user_id);
    if (!user) throw new Error('the export’s person is gone');
    const store = objectStore(config);
    // Progress, and the lease again: false once another process holds the job.
    const step = async (progress: number) =>
      (await mine().update({ progress, claimed_until: knex.raw('now() + make_interval(secs => ?)', [LEASE_SECONDS]) })) > 0;
    const zip = new JSZip();
    const read = new Map<string, unknown>();
    for (const [i, part] of PARTS.entries()) {
      const data = await part.read({ knex, user, clock }, read);
      read.set(part.file, data);
      zip.file(part.file, JSON.stringify(data, null, 2));
      if (!(await step(Math.floor(((i + 1) / PARTS.length) * RECORDS_SHARE)))) return null;
    }
    const files = await exportFiles(knex, store, user, read.get('products.json'));
    for (const [i, file] of files.entries()) {
      const body = await file.open();
      if (body) zip.file(file.path, await bytesOf(body));
      if (!(await step(RECORDS_SHARE + Math.floor(((i + 1) / files.length) * (99 - RECORDS_SHARE))))) return null;
    }
    zip.file('README.txt', readme(user.email, clock.now(), files.length));
    const buffer = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await store.put(exportKey(job.id), buffer, 'application/zip');
    return buffer.length;
  }
}

const readme = (email: string, at: Date, files: number) =>
  [
    `Binaa Market: the data held about ${email}, as of ${at.toISOString()}.`,
    'Each JSON file holds one kind of record, as the app shows it to you: your user and profile, your company,',
    'its products, RFQs and quotes, orders, receipts, invoices, payments, disputes, sites and requests,',
    'deliveries, notifications, and your sessions and devices (when, never their keys).',
    `files/ holds the ${files} photos and documents you uploaded and your company's product photos.`,
    '',
  ].join('\n');

const workers = new WeakMap<object, ExportWorker>();

/** The one worker of an app (keyed by its deps, as the routes and the upkeep both see them). */
export function exportWorker(deps: WorkerDeps): ExportWorker {
  let worker = workers.get(deps);
  if (!worker) {
    worker = new ExportWorker(deps);
    workers.set(deps, worker);
  }
  return worker;
}
