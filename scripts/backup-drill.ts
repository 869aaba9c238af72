/**
 * npm run backup:drill: a backup taken and restored as the README says, and the app proven
 * to work on the copy. On the local Postgres (DATABASE_URL: a database it may create others
 * from, default postgres://postgres@127.0.0.1:5432/postgres; the client tools from
 * /usr/lib/postgresql/<newest>/bin, or PG_BIN):
 *   1. a fresh database, migrated and seeded with the demo data, its photo files in a fresh
 *      directory, and a cleared invoice of the demo supplier's;
 *   2. the app (server/main.ts, production mode) on it: sign-in, the whole sync pull, the
 *      invoice's PDF (rendered, and kept as a final document's bytes are) and a photo read;
 *   3. the backup while the app serves: pg_dump -Fc and a tar of the files directory;
 *   4. the restore into another fresh database and directory, checked to hold the source's
 *      rows and files before the app starts on that copy (its boot would migrate an empty
 *      one), then the same reads answering what the source answered: a sign-in, every row
 *      of the source's pull, the same PDF bytes, the same photo bytes;
 *   5. the embedded default: a fresh PGlite directory migrated and seeded, dumped by pg_dump
 *      built for PGlite (scripts/pglite-backup.ts), restored into a fresh directory, rows read.
 * Each step prints its time and what it found; everything made is dropped at the end, the
 * apps stopped; the exit code is 1 when any step failed.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Knex } from 'knex';
import { openDatabase, type Database } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { seedDemo } from '../server/seed/demo';
import { loadConfig } from '../server/config';
import { objectStore } from '../server/storage';
import { MEDIA_PATH } from '../shared/photos';
import { appEnv, getBytes, pullAll, signIn, startApp, type AppProcess } from './backup-app';
import { Drill, StepFailed, check } from './backup-steps';
import { dumpPglite, restorePglite } from './pglite-backup';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUPPLIER = 'supplier@demo.binaa.sa';
/** Tables whose rows nothing but a user changes: the restored copy has exactly the source's. */
const COUNTED = ['users', 'profiles', 'company_tax_profiles', 'products', 'product_photos', 'projects', 'bids', 'purchase_orders', 'purchase_order_lines', 'goods_receipts', 'invoices', 'invoice_lines', 'invoice_pdfs', 'knex_migrations'];

const execFileP = promisify(execFile);

/** A Postgres client tool: PG_BIN's, else the newest /usr/lib/postgresql/<version>/bin's (pg_dump must not be older than the server), else PATH's. */
function pgTool(name: string): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', name))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin', name) : name;
}

const run = (file: string, args: string[]) => execFileP(file, args, { maxBuffer: 64 * 1024 * 1024 });
const dbUrl = (name: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Files under `dir` and their bytes. */
function filesIn(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

async function counts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) out[table] = Number((await knex(table).count({ n: '*' }).first())?.n ?? 0);
  return out;
}

/**
 * A cleared invoice of the demo supplier's first purchase order, as the e-invoicing chain
 * leaves one (its unit's first document; the parties as their tax profiles state them):
 * the demo has orders but no invoice, and an invoice's PDF is what the drill reads back.
 */
async function insertInvoice(knex: Knex, sellerId: string): Promise<{ id: string; number: string }> {
  const po = await knex('purchase_orders').where({ seller_id: sellerId }).orderBy('created_at').first('id', 'buyer_id');
  check(po, `${SUPPLIER} has no purchase order to invoice`);
  const lines = await knex('purchase_order_lines').where({ purchase_order_id: po.id }).orderBy('position').select('id', 'description', 'quantity', 'unit', 'unit_price', 'vat_rate', 'line_total', 'vat_amount');
  const party = async (companyId: string) => {
    const p = await knex('company_tax_profiles').where({ company_id: companyId }).first('legal_name', 'legal_name_en', 'vat_number', 'cr_number', 'building_number', 'street', 'district', 'city', 'postal_code', 'additional_number');
    check(p, `company ${companyId} has no tax profile in the demo`);
    return JSON.stringify(p);
  };
  const firstPih = crypto.createHash('sha256').update('0').digest('base64');
  const hash = crypto.randomBytes(32).toString('base64');
  const [unit] = await knex('einvoicing_units').insert({ company_id: sellerId, serial: crypto.randomUUID(), status: 'ready', icv: 1, last_invoice_hash: hash }).returning('id');
  const now = new Date();
  const subtotal = lines.reduce((s, l) => s + Number(l.line_total), 0);
  const vat = lines.reduce((s, l) => s + Number(l.vat_amount), 0);
  const number = `INV-${now.getUTCFullYear()}-000001`;
  const [invoice] = await knex('invoices')
    .insert({
      kind: 'invoice', number, year: now.getUTCFullYear(), seq: 1, seller_id: sellerId, buyer_id: po.buyer_id, created_by: sellerId, unit_id: unit.id, purchase_order_id: po.id, icv: 1,
      pih: firstPih, hash, qr: Buffer.from('\x01\x06backup').toString('base64'), issued_at: now, supply_date: now.toISOString().slice(0, 10),
      seller: await party(sellerId), buyer: await party(po.buyer_id), subtotal, vat_total: vat, total: Math.round((subtotal + vat) * 100) / 100,
      status: 'cleared', cleared_at: now, messages: '[]', xml: '<Invoice/>',
    })
    .returning('id');
  await knex('invoice_lines').insert(
    lines.map((l, i) => ({ invoice_id: invoice.id, position: i + 1, purchase_order_line_id: l.id, description: l.description, quantity: l.quantity, unit: l.unit, unit_price: l.unit_price, vat_category: Number(l.vat_rate) > 0 ? 'S' : 'Z', vat_rate: l.vat_rate, exemption_reason_code: Number(l.vat_rate) > 0 ? null : 'VATEX-SA-32', exemption_reason: Number(l.vat_rate) > 0 ? null : 'Export of goods', line_total: l.line_total, vat_amount: l.vat_amount })),
  );
  return { id: invoice.id, number };
}

/** What the drill made, for the clean-up. */
interface Made {
  apps: AppProcess[];
  dbs: Database[];
  databases: string[];
}

async function postgresDrill(drill: Drill, work: string, made: Made): Promise<void> {
  const names = { source: `binaa_drill_${process.pid}_source`, restored: `binaa_drill_${process.pid}_restored` };
  const dirs = { source: path.join(work, 'source-files'), restored: path.join(work, 'restored-files'), backup: path.join(work, 'backup') };
  const open = async (name: string) => {
    await admin(`create database "${name}"`);
    made.databases.push(name);
    const db = await openDatabase({ url: dbUrl(name), poolMax: 4 });
    made.dbs.push(db);
    return db;
  };

  const source = await drill.step<Database>('source: a fresh database, migrated', async (keep) => {
    const db = await open(names.source);
    keep(db);
    await migrateLatest(db.knex);
    return `${names.source}, ${(await counts(db.knex)).knex_migrations} migrations`;
  });
  const supplierId = await drill.step<string>('source: the demo data seeded, its photo files in a fresh directory', async (keep) => {
    const config = loadConfig(appEnv(dbUrl(names.source), dirs.source, 0));
    check(await seedDemo(source.knex, { store: objectStore(config) }), 'the seed found users already there');
    const supplier = await source.knex('users').where({ email: SUPPLIER }).first('id');
    check(supplier, `no ${SUPPLIER} after the seed`);
    keep(supplier.id);
    const n = await counts(source.knex);
    const files = filesIn(dirs.source);
    check(files.files > 0, 'the seed stored no file');
    return `${n.users} users, ${n.products} products, ${n.product_photos} photos; ${files.files} files (${kb(files.bytes)})`;
  });
  const invoice = await drill.step<{ id: string; number: string }>(`source: a cleared invoice of ${SUPPLIER}`, async (keep) => {
    const inv = await insertInvoice(source.knex, supplierId);
    keep(inv);
    return `${inv.number} (${inv.id})`;
  });
  const sourceApp = await drill.step<AppProcess>('source: the app started on it', async (keep) => {
    const app = await startApp(dbUrl(names.source), dirs.source, path.join(work, 'source-app.log'));
    made.apps.push(app);
    keep(app);
    return `${app.url} (production mode, SEED_DEMO=0)`;
  });
  let photoPath = '';
  const seen = await drill.step<{ rows: Set<string>; pdf: string; photo: string }>('source: sign-in, sync pull, the invoice PDF, a photo', async (keep) => {
    const cookie = await signIn(sourceApp, source.knex, supplierId);
    const rows = await pullAll(sourceApp, cookie);
    check(rows.has(`invoice:${invoice.id}`), "the source's pull has no invoice row");
    const pdf = await getBytes(sourceApp, `/api/invoices/${invoice.id}/pdf`, cookie);
    check(pdf.status === 200 && pdf.bytes.subarray(0, 4).toString() === '%PDF', `the source's PDF answered ${pdf.status} ${pdf.type}`);
    const kept = await source.knex('invoice_pdfs').where({ invoice_id: invoice.id }).first('hash');
    check(kept, 'the rendered PDF was not kept');
    const photo = await source.knex('product_photos').orderBy('position').first('hash');
    check(photo, 'the seed made no photo');
    photoPath = `${MEDIA_PATH}/${photo.hash}-480.webp`;
    const image = await getBytes(sourceApp, photoPath);
    check(image.status === 200 && image.bytes.length > 0, `${photoPath} answered ${image.status}`);
    keep({ rows, pdf: sha(pdf.bytes), photo: sha(image.bytes) });
    return `${rows.size} rows pulled; PDF ${kb(pdf.bytes.length)} sha256 ${sha(pdf.bytes)}; photo ${kb(image.bytes.length)}`;
  });
  await drill.step('backup: pg_dump -Fc and a tar of the files, while the app serves', async () => {
    fs.mkdirSync(dirs.backup);
    const dump = path.join(dirs.backup, 'db.dump');
    const tar = path.join(dirs.backup, 'files.tar');
    await run(pgTool('pg_dump'), ['-Fc', '-f', dump, '-d', dbUrl(names.source)]);
    await run('tar', ['-C', dirs.source, '-cf', tar, '.']);
    return `db.dump ${kb(fs.statSync(dump).size)}, files.tar ${kb(fs.statSync(tar).size)} (${pgTool('pg_dump')})`;
  });
  await drill.step('source: the app stopped (SIGTERM)', async () => sourceApp.stop());
  const restored = await drill.step<Database>('restore: pg_restore into a fresh database, the files into a fresh directory', async (keep) => {
    await admin(`create database "${names.restored}"`);
    made.databases.push(names.restored);
    await run(pgTool('pg_restore'), ['--exit-on-error', '--no-owner', '-d', dbUrl(names.restored), path.join(dirs.backup, 'db.dump')]);
    fs.mkdirSync(dirs.restored);
    await run('tar', ['-C', dirs.restored, '-xf', path.join(dirs.backup, 'files.tar')]);
    const before = filesIn(dirs.source);
    const after = filesIn(dirs.restored);
    check(after.files === before.files && after.bytes === before.bytes, `${after.files} files restored of ${before.files}`);
    // Checked before the app starts on it: its boot would migrate an empty database and hide a restore that restored nothing.
    const copy = await openDatabase({ url: dbUrl(names.restored), poolMax: 4 });
    made.dbs.push(copy);
    keep(copy);
    const [a, b] = [await counts(source.knex), await counts(copy.knex)];
    const differ = COUNTED.filter((t) => a[t] !== b[t]).map((t) => `${t} ${b[t]} vs ${a[t]}`);
    check(!differ.length, `rows other than the source's: ${differ.join(', ')}`);
    return `${names.restored}: ${COUNTED.length} tables' ${Object.values(b).reduce((sum, n) => sum + n, 0)} rows, the source's; ${after.files} files (${kb(after.bytes)})`;
  });
  const restoredApp = await drill.step<AppProcess>('restored: the app started on the copy', async (keep) => {
    const app = await startApp(dbUrl(names.restored), dirs.restored, path.join(work, 'restored-app.log'));
    made.apps.push(app);
    keep(app);
    return app.url;
  });
  const cookie = await drill.step<string>('restored: sign-in by a login code', async (keep) => {
    keep(await signIn(restoredApp, restored.knex, supplierId));
    return `${SUPPLIER}, GET /api/session names them`;
  });
  await drill.step("restored: the sync pull answers the user's rows", async () => {
    const rows = await pullAll(restoredApp, cookie);
    const missing = [...seen.rows].filter((r) => !rows.has(r));
    check(!missing.length, `${missing.length} of the source's ${seen.rows.size} rows missing (${missing.slice(0, 3).join(', ')})`);
    check(rows.has(`invoice:${invoice.id}`) && rows.has(`profile:${supplierId}`), 'the invoice or the profile is not in the pull');
    // More rows than the source's pull: written by the source app after its pull and before the dump.
    const extra = [...rows].filter((r) => !seen.rows.has(r));
    return `${rows.size} rows: every one of the source's (the invoice and the profile among them)${extra.length ? `, and ${extra.length} written after its pull (${extra.slice(0, 3).join(', ')})` : ', no other'}`;
  });
  await drill.step("restored: the invoice's PDF", async () => {
    const pdf = await getBytes(restoredApp, `/api/invoices/${invoice.id}/pdf`, cookie);
    check(pdf.status === 200 && pdf.type.startsWith('application/pdf') && pdf.bytes.subarray(0, 4).toString() === '%PDF', `answered ${pdf.status} ${pdf.type}`);
    check(sha(pdf.bytes) === seen.pdf, `other bytes than the source's (${sha(pdf.bytes)} vs ${seen.pdf})`);
    return `200 %PDF ${kb(pdf.bytes.length)}, the source's bytes (sha256 ${seen.pdf})`;
  });
  await drill.step('restored: a photo file', async () => {
    const image = await getBytes(restoredApp, photoPath);
    check(image.status === 200 && sha(image.bytes) === seen.photo, `${photoPath} answered ${image.status}, sha256 ${sha(image.bytes)} vs ${seen.photo}`);
    return `${photoPath.slice(0, 24)}… 200, the source's bytes`;
  });
}

async function pgliteDrill(drill: Drill, work: string): Promise<void> {
  const [sourceDir, restoredDir] = [path.join(work, 'pglite-source'), path.join(work, 'pglite-restored')];
  const source = await drill.step<{ counts: Record<string, number>; supplier: string }>('pglite: a fresh directory, migrated and seeded', async (keep) => {
    const db = await openDatabase({ dataDir: sourceDir });
    try {
      await migrateLatest(db.knex);
      check(await seedDemo(db.knex), 'the seed found users already there');
      const n = await counts(db.knex);
      keep({ counts: n, supplier: (await db.knex('users').where({ email: SUPPLIER }).first('id')).id });
      return `${n.users} users, ${n.products} products, ${n.knex_migrations} migrations`;
    } finally {
      await db.close();
    }
  });
  const sql = await drill.step<string>("pglite: dumped by PGlite's pg_dump (pglite-tools), the app stopped", async (keep) => {
    const dump = await dumpPglite(sourceDir);
    keep(dump);
    return `${kb(Buffer.byteLength(dump))} of SQL`;
  });
  await drill.step('pglite: restored into a fresh directory, rows read', async () => {
    await restorePglite(sql, restoredDir);
    const db = await openDatabase({ dataDir: restoredDir });
    try {
      const n = await counts(db.knex);
      const differ = COUNTED.filter((t) => n[t] !== source.counts[t]).map((t) => `${t} ${n[t]} vs ${source.counts[t]}`);
      check(!differ.length, differ.join(', '));
      const supplier = await db.knex('users').where({ email: SUPPLIER }).first('id');
      check(supplier?.id === source.supplier, `${SUPPLIER} is not the source's row`);
      return `${Object.values(n).reduce((s, x) => s + x, 0)} rows in ${COUNTED.length} tables, the source's; ${SUPPLIER} read back`;
    } finally {
      await db.close();
    }
  });
}

async function main(): Promise<void> {
  const drill = new Drill();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-backup-drill-'));
  const made: Made = { apps: [], dbs: [], databases: [] };
  console.log(`backup drill in ${work}, Postgres at ${new URL(ADMIN_URL).host}`);
  for (const part of [postgresDrill, pgliteDrill]) {
    try {
      await part(drill, work, made);
    } catch (err) {
      // A step's failure is recorded already; anything else (between steps) is recorded here.
      if (!(err instanceof StepFailed)) await drill.always(`${part.name}: ${(err as Error).message}`, async () => Promise.reject(err));
    }
  }
  await drill.always('clean-up: apps stopped, databases dropped, files removed', async () => {
    const started = performance.now();
    const stopped = await Promise.all(made.apps.map((app) => app.stop()));
    const stopMs = performance.now() - started;
    for (const db of made.dbs) await db.close();
    const dropStarted = performance.now();
    // A drop (as a create) waits for a checkpoint: the slow part on a busy server.
    for (const name of made.databases) await admin(`drop database if exists "${name}" with (force)`);
    const dropMs = performance.now() - dropStarted;
    fs.rmSync(work, { recursive: true, force: true });
    return `${stopped.length} apps (${stopped.join('; ')}; ${(stopMs / 1000).toFixed(1)} s), ${made.databases.length} databases (${(dropMs / 1000).toFixed(1)} s), ${work}`;
  });
  const { ok, line } = drill.verdict();
  console.log(line);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
