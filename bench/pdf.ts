/**
 * npm run bench (BENCH_ONLY=pdf), or npx tsx bench/pdf.ts (Postgres; DATABASE_URL, default
 * a local binaa_bench database; BENCH_SCHEMA, default bench_pdf): what one long PDF does to
 * everyone else. GET /api/health is asked one request at a time, over a kept-alive
 * connection, all the while the seller downloads the worst cases of the issue one after
 * the other: an invoice of six 5,000-character lines, and one of 500 lines. Each download
 * is of a document never rendered before (the app keeps a document's bytes once it has
 * rendered them), so each is a render. Reported: the health check's latency (median, p99,
 * max, and how many said 503) with nothing rendering, then during the renders, and each
 * render's time.
 *
 * The app runs in this process, as the health check's client does: a render that holds the
 * event loop holds both, which is what the latency then shows. Short: BENCH_PDF_ROUNDS
 * (default 2) of each document, about a minute.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import { freshSchema, saveResults, startApp, table } from './common';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_pdf';
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 2);
const IDLE_PROBES = 200;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET over the kept-alive connection: its time in ms, and whether it said ok (a health
 * check whose database round trip waited past its 2 s answers 503: down, for a load balancer).
 */
function probe(base: string): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/api/health', base), { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t, ok: res.statusCode === 200 }));
    });
    req.on('error', reject);
  });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
const summary = (answers: Array<{ ms: number; ok: boolean }>) => {
  const xs = answers.map((a) => a.ms);
  return { probes: xs.length, median_ms: round1(quantile(xs, 0.5)), p99_ms: round1(quantile(xs, 0.99)), max_ms: round1(Math.max(...xs)), not_ok: answers.filter((a) => !a.ok).length };
};

const WORDS = 'أسمنت بورتلاندي مقاوم للكبريتات Portland cement 50 kg ';
const LONG = WORDS.repeat(Math.ceil(5000 / WORDS.length)).slice(0, 5000);
/** The lines of each worst case: six of 5,000 characters; 500 of a line's usual length, standard, zero-rated and exempt. */
const CASES = {
  six_long_lines: Array.from({ length: 6 }, () => ({ description: LONG, vat_category: 'S', vat_rate: 0.15, exemption_reason_code: null, exemption_reason: null })),
  five_hundred_lines: Array.from({ length: 500 }, (_, i) =>
    [
      { description: `أسمنت بورتلاندي مقاوم للكبريتات ${i + 1}`, vat_category: 'S', vat_rate: 0.15, exemption_reason_code: null, exemption_reason: null },
      { description: `Steel rebar 12 mm (حديد تسليح) ${i + 1}`, vat_category: 'Z', vat_rate: 0, exemption_reason_code: 'VATEX-SA-32', exemption_reason: 'تصدير السلع' },
      { description: `خدمة نقل داخل المدينة ${i + 1}`, vat_category: 'E', vat_rate: 0, exemption_reason_code: 'VATEX-SA-29', exemption_reason: 'خدمات مالية' },
    ][i % 3],
  ),
};

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  const party = { legal_name: 'مؤسسة البناء الحديث للتجارة', legal_name_en: 'Modern Building Trading Est.', vat_number: '310122393500003', cr_number: '1010010000', building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' };
  const [seller] = await knex('users').insert({ email: 'bench-pdf-seller@binaa.sa', name: 'Bench seller' }).returning('id');
  await knex('profiles').insert({ user_id: seller.id, role: 'supplier', company_name: 'مورد القياس', verification_tier: 'silver', city: 'الرياض' });
  const [buyer] = await knex('users').insert({ email: 'bench-pdf-buyer@binaa.sa', name: 'Bench buyer' }).returning('id');
  await knex('profiles').insert({ user_id: buyer.id, role: 'contractor', company_name: 'مقاولات القياس', verification_tier: 'gold' });
  const [po] = await knex('purchase_orders')
    .insert({ number: 'PO-2026-000001', year: 2026, seq: 1, buyer_id: buyer.id, seller_id: seller.id, title: 'قياس', delivery_location: 'الرياض', subtotal: 0, vat_total: 0, total: 0, status: 'accepted', answered_at: new Date() })
    .returning('id');
  const [unit] = await knex('einvoicing_units').insert({ company_id: seller.id, serial: crypto.randomUUID(), status: 'ready', last_invoice_hash: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==' }).returning('id');
  let icv = 0;
  /** A new document of the given lines (rejected: final, and any number of them on one order). */
  const insertInvoice = async (lines: (typeof CASES)[keyof typeof CASES]): Promise<string> => {
    icv++;
    const [row] = await knex('invoices')
      .insert({
        kind: 'invoice', number: `INV-2026-${String(icv).padStart(6, '0')}`, year: 2026, seq: icv, seller_id: seller.id, buyer_id: buyer.id, unit_id: unit.id, purchase_order_id: po.id, icv,
        pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==', hash: crypto.randomBytes(32).toString('base64'),
        qr: Buffer.from('\x01\x03abc').toString('base64'), issued_at: '2026-11-28T09:30:00Z', supply_date: '2026-11-27', seller: JSON.stringify(party), buyer: JSON.stringify(party),
        subtotal: 185 * lines.length, vat_total: 27.75 * lines.length, total: 212.75 * lines.length, status: 'rejected', messages: '[]', xml: '<Invoice/>',
      })
      .returning('id');
    await knex('invoice_lines').insert(lines.map((l, i) => ({ invoice_id: row.id, position: i + 1, quantity: 10, unit: 'كيس', unit_price: 18.5, line_total: 185, vat_amount: l.vat_rate ? 27.75 : 0, ...l })));
    return row.id;
  };

  const app = await startApp(db);
  const { code, browserKey } = await createLoginCode(knex, seller.id);
  const signIn = await fetch(`${app.url}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `${loginCookieName(false)}=${browserKey}`, origin: app.url }, body: JSON.stringify({ code }) });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  // Warm-up: the first render loads the fonts (and, where PDFs render on threads, starts one).
  const warm = await fetch(`${app.url}/api/invoices/${await insertInvoice(CASES.six_long_lines.slice(0, 1))}/pdf`, { headers: { cookie } });
  if (warm.status !== 200) throw new Error(`pdf ${warm.status} ${await warm.text()}`);
  const idle: Array<{ ms: number; ok: boolean }> = [];
  for (let i = 0; i < IDLE_PROBES; i++) idle.push(await probe(app.url));

  const results: Record<string, { render_ms: number[]; health: ReturnType<typeof summary> }> = {};
  for (const [name, lines] of Object.entries(CASES)) {
    const during: Array<{ ms: number; ok: boolean }> = [];
    const renderMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const id = await insertInvoice(lines);
      let rendering = true;
      const t = performance.now();
      const pdf = fetch(`${app.url}/api/invoices/${id}/pdf`, { headers: { cookie } }).then(async (res) => {
        const bytes = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`pdf ${res.status} ${Buffer.from(bytes).toString().slice(0, 200)}`);
        renderMs.push(round1(performance.now() - t));
        rendering = false;
      });
      while (rendering) during.push(await probe(app.url));
      await pdf;
    }
    results[name] = { render_ms: renderMs, health: summary(during) };
  }

  const result = { rounds: ROUNDS, idle: summary(idle), ...results };
  saveResults('pdf', result);
  table([
    { benchmark: 'GET /api/health, nothing rendering', median: `${result.idle.median_ms} ms`, p99: `${result.idle.p99_ms} ms`, max: `${result.idle.max_ms} ms`, '503s': result.idle.not_ok, renders: '' },
    ...Object.entries(results).map(([name, r]) => ({
      benchmark: `GET /api/health while a PDF of ${name.replace(/_/g, ' ')} renders`,
      median: `${r.health.median_ms} ms`,
      p99: `${r.health.p99_ms} ms`,
      max: `${r.health.max_ms} ms (${r.health.probes} probes)`,
      '503s': r.health.not_ok,
      renders: r.render_ms.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', '),
    })),
  ]);

  agent.destroy();
  await app.close();
  await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
  // The app's PDF threads, where it has them, end with the process.
  process.exit(0);
}

await main();
