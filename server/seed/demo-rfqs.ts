/**
 * The demo's request for quotation: the demo contractor's bill of materials for a villa's
 * ground floor, sent to the market (every supplier selling in its lines' categories then),
 * with quotes from two demo suppliers that price it differently and skip a line, the
 * cheaper cement offering only part of the bags asked, so a newcomer opens a comparison
 * with lowest prices, a gap, a line quoted in part and totals to split an award on (the
 * lowest split takes the rest of the cement from the other supplier).
 * Rows go in as the RFQ services leave them; the boot's backfill enters them in the feed.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

type CompanyKey = 'contractor' | 'supplier' | 'safwa';

const DEMO_RFQ = {
  buyer: 'contractor' as CompanyKey,
  title: 'مواد الدور الأرضي - فيلا حي الملقا',
  location: 'الرياض - حي الملقا',
  neededInDays: 14,
  closesInDays: 3,
  lines: [
    { category: 'cement-concrete', description: 'أسمنت بورتلاندي عادي', quantity: 200, unit: 'كيس 50 كجم' },
    { category: 'steel-rebar', description: 'حديد تسليح قطر 12 مم درجة 60', quantity: 12, unit: 'طن' },
    { category: 'blocks-bricks', description: 'بلوك أسمنتي مصمت 20 سم', quantity: 5000, unit: 'حبة' },
    { category: 'sand-aggregates', description: 'رمل أبيض مغسول', quantity: 40, unit: 'م³' },
  ],
  /** Unit prices by line index; a line left out is not quoted. `available`: the quantity offered where less than asked. */
  quotes: [
    {
      supplier: 'supplier' as CompanyKey,
      days: 3,
      prices: { 0: 16.5, 2: 3.2, 3: 65 } as Record<number, number>,
      available: { 0: 120 } as Record<number, number>,
      notes: 'التوريد على دفعتين، والتنزيل في الموقع مشمول. المتوفر من الأسمنت 120 كيسًا.',
    },
    { supplier: 'safwa' as CompanyKey, days: 5, prices: { 0: 17.25, 1: 2790, 2: 3.05, 3: 62 } as Record<number, number>, available: {} as Record<number, number>, notes: 'حديد من مصنع وطني بشهادة مطابقة.' },
  ],
} as const;

export async function insertDemoRfqs(trx: Knex.Transaction, opts: { at: (offsetMs: number) => Date; companyId: (key: string) => string }): Promise<void> {
  const DAY = 86_400_000;
  const rfq = DEMO_RFQ;
  const buyer = opts.companyId(rfq.buyer);
  const categories = new Map<string, string>((await trx('categories').select('slug', 'id')).map((c: { slug: string; id: string }) => [c.slug, c.id]));
  const id = crypto.randomUUID();
  const created = opts.at(-6 * 3_600_000);
  await trx('rfqs').insert({
    id,
    buyer_id: buyer,
    created_by: buyer,
    title: rfq.title,
    location: rfq.location,
    needed_by: opts.at(rfq.neededInDays * DAY).toISOString().slice(0, 10),
    closes_at: opts.at(rfq.closesInDays * DAY),
    audience: 'market',
    created_at: created,
    updated_at: created,
  });
  const lines = rfq.lines.map((l, i) => ({
    id: crypto.randomUUID(),
    rfq_id: id,
    position: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    category_id: categories.get(l.category) ?? null,
  }));
  await trx('rfq_lines').insert(lines);
  // Reached: the suppliers then selling in its categories (as the service computes it).
  await trx.raw(
    `insert into rfq_recipients (rfq_id, supplier_id)
     select distinct ?::uuid, p.supplier_id from products p join profiles pr on pr.user_id = p.supplier_id
      where pr.role = 'supplier' and p.deleted_at is null and p.category_id = any(?::uuid[])`,
    [id, lines.flatMap((l) => (l.category_id ? [l.category_id] : []))],
  );
  for (const [i, q] of rfq.quotes.entries()) {
    const quoteId = crypto.randomUUID();
    const sent = opts.at(-(4 - i) * 3_600_000);
    await trx('rfq_quotes').insert({
      id: quoteId,
      rfq_id: id,
      supplier_id: opts.companyId(q.supplier),
      created_by: opts.companyId(q.supplier),
      delivery_days: q.days,
      valid_until: opts.at(30 * DAY).toISOString().slice(0, 10),
      notes: q.notes,
      submitted_at: sent,
      created_at: sent,
      updated_at: sent,
    });
    await trx('rfq_quote_lines').insert(
      Object.entries(q.prices).map(([line, price]) => ({ quote_id: quoteId, rfq_id: id, rfq_line_id: lines[Number(line)].id, unit_price: price, quantity: q.available[Number(line)] ?? null })),
    );
  }
}
