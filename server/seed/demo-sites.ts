/**
 * The demo's buying inside the contractor's company: the demo contractor's site, a
 * residential tower, with its budget from a bill of quantities; the owner's rules at two
 * levels (the site manager up to 50,000 SAR, the owner above); and two purchase requests
 * its site engineer raised: one waiting for the manager, one approved at both levels. So a
 * newcomer signed in as the manager finds a request waiting for them, and the owner one
 * already through, made into an RFQ whose one quote is over what was approved; and an order
 * on the site's budget lines, accepted and partly received (its concrete within budget,
 * its membrane over), so the site's budget shows where its riyals stand. Rows go in as the services leave them (amounts by the shared rule,
 * numbers from the company's counter); the boot's backfill enters them in the feed.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { requestAmount } from '../../shared/approval-levels';
import { purchaseRequestNumber } from '../../shared/schemas/purchase-request';
import { riyadhYear } from '../../shared/riyadh';
import { issuePurchaseOrder } from '../modules/purchase-orders/issue';
import { DAY_MS, HOUR_MS } from './demo-time';

export const DEMO_SITE_NAME = 'برج الياسمين السكني';

/** The site's bill of quantities: code, description, quantity, unit, budget (SAR, VAT included), the market's category. */
const BUDGET = [
  ['03-110', 'خرسانة جاهزة C35 للأساسات والأعمدة', 1200, 'م3', 396_000, 'cement-concrete'],
  ['03-210', 'حديد تسليح قطر 16 مم', 180, 'طن', 549_000, 'steel-rebar'],
  ['04-100', 'بلوك أسمنتي مصمت 20 سم', 45_000, 'حبة', 162_000, 'blocks-bricks'],
  ['06-300', 'عزل مائي للأسطح (لفائف بيتومين)', 2400, 'م2', 96_600, null],
  ['09-410', 'بلاط بورسلين للأرضيات 60×60', 5200, 'م2', 431_250, null],
] as const;

/** The manager's band's top: up to this the manager approves alone, above it the owner too. */
const MANAGER_LIMIT = 50_000;

type RequestLine = { budget: number; description: string; quantity: number; unit: string; price: number };

export async function insertDemoSites(
  trx: Knex.Transaction,
  opts: { at: (offsetMs: number) => Date; companyId: (key: string) => string; personId: (key: string) => string },
): Promise<void> {
  const owner = opts.companyId('contractor');
  const manager = opts.personId('site_manager');
  const engineer = opts.personId('site_engineer');
  const site = crypto.randomUUID();
  const createdAt = opts.at(-20 * DAY_MS);
  await trx('sites').insert({
    id: site,
    company_id: owner,
    name: DEMO_SITE_NAME,
    location: 'الرياض - حي الياسمين',
    starts_on: opts.at(-30 * DAY_MS).toISOString().slice(0, 10),
    ends_on: opts.at(400 * DAY_MS).toISOString().slice(0, 10),
    manager_id: manager,
    status: 'active',
    created_by: owner,
    created_at: createdAt,
    updated_at: createdAt,
  });
  const budgetLines = BUDGET.map(() => crypto.randomUUID());
  const categories = new Map<string, string>((await trx('categories').select('slug', 'id')).map((c: { slug: string; id: string }) => [c.slug, c.id]));
  await trx('site_budget_lines').insert(
    BUDGET.map(([code, description, quantity, unit, amount, category], i) => ({
      id: budgetLines[i],
      site_id: site,
      position: i + 1,
      code,
      description,
      quantity,
      unit,
      category_id: category ? (categories.get(category) ?? null) : null,
      budget_amount: amount,
    })),
  );
  await trx('site_approval_levels').insert([
    { site_id: site, position: 1, up_to_amount: MANAGER_LIMIT, approver_ids: [manager] },
    { site_id: site, position: 2, up_to_amount: null, approver_ids: [owner] },
  ]);

  const raise = async (lines: RequestLine[], raisedAt: Date, note: string, neededBy: Date) => {
    const id = crypto.randomUUID();
    const year = riyadhYear(raisedAt);
    const {
      rows: [{ last }],
    } = await trx.raw(
      `insert into purchase_request_counters (company_id, year, last) values (?, ?, 1)
       on conflict (company_id, year) do update set last = purchase_request_counters.last + 1 returning last`,
      [owner, year],
    );
    const priced = lines.map((l) => ({ quantity: l.quantity, estimated_unit_price: l.price }));
    await trx('purchase_requests').insert({
      id,
      company_id: owner,
      site_id: site,
      number: purchaseRequestNumber(year, last),
      requested_by: engineer,
      needed_by: neededBy.toISOString().slice(0, 10),
      note,
      status: 'pending',
      amount: requestAmount(priced),
      created_at: raisedAt,
      updated_at: raisedAt,
    });
    await trx('purchase_request_lines').insert(
      lines.map((l, i) => ({
        id: crypto.randomUUID(),
        purchase_request_id: id,
        position: i + 1,
        budget_line_id: budgetLines[l.budget],
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        estimated_unit_price: l.price,
      })),
    );
    return { id, number: purchaseRequestNumber(year, last) };
  };

  // Approved at both levels three days ago: 60 t of rebar at 2,850 SAR is 196,650 with VAT.
  const approvedAt = opts.at(-3 * DAY_MS);
  const { id: approved, number: approvedNumber } = await raise(
    [{ budget: 1, description: 'حديد تسليح قطر 16 مم - سابك', quantity: 60, unit: 'طن', price: 2850 }],
    opts.at(-4 * DAY_MS),
    'لأعمدة الدور الثالث وسقفه',
    opts.at(7 * DAY_MS),
  );
  await trx('purchase_request_approvals').insert([
    { purchase_request_id: approved, level: 1, decided_by: manager, decision: 'approved', decided_at: opts.at(-4 * DAY_MS + 3 * HOUR_MS) },
    { purchase_request_id: approved, level: 2, decided_by: owner, decision: 'approved', decided_at: approvedAt },
  ]);
  await trx('purchase_requests').where({ id: approved }).update({ status: 'approved', decided_at: approvedAt, updated_at: approvedAt });

  // The engineer made it an RFQ the day after, to the market's steel sellers (rfqs/from-request.ts
  // leaves it so: the request's lines and budget lines, its number and site as the title). One
  // quote in so far, 2,890 a tonne: 199,410 with VAT, over the 196,650 approved, so its award
  // waits for the manager and the owner again.
  const rfq = crypto.randomUUID();
  const sentAt = opts.at(-2 * DAY_MS);
  await trx('rfqs').insert({
    id: rfq,
    buyer_id: owner,
    created_by: engineer,
    title: `${approvedNumber} · ${DEMO_SITE_NAME}`,
    location: 'الرياض - حي الياسمين',
    needed_by: opts.at(7 * DAY_MS).toISOString().slice(0, 10),
    closes_at: opts.at(2 * DAY_MS),
    audience: 'market',
    site_id: site,
    purchase_request_id: approved,
    created_at: sentAt,
    updated_at: sentAt,
  });
  const requestLines: Array<{ id: string; budget_line_id: string; description: string; quantity: string; unit: string }> = await trx('purchase_request_lines')
    .where({ purchase_request_id: approved })
    .orderBy('position')
    .select('id', 'budget_line_id', 'description', 'quantity', 'unit');
  const steel = categories.get('steel-rebar') ?? null;
  await trx('rfq_lines').insert(
    requestLines.map((l, i) => ({ id: l.id, rfq_id: rfq, position: i + 1, description: l.description, quantity: l.quantity, unit: l.unit, category_id: steel, budget_line_id: l.budget_line_id })),
  );
  await trx.raw(
    `insert into rfq_recipients (rfq_id, supplier_id)
     select distinct ?::uuid, p.supplier_id from products p join profiles pr on pr.user_id = p.supplier_id
      where pr.role = 'supplier' and p.deleted_at is null and p.category_id = ?::uuid`,
    [rfq, steel],
  );
  const seller = opts.companyId('steel');
  const quote = crypto.randomUUID();
  const quotedAt = opts.at(-DAY_MS);
  await trx('rfq_quotes').insert({
    id: quote,
    rfq_id: rfq,
    supplier_id: seller,
    created_by: seller,
    delivery_days: 4,
    valid_until: opts.at(20 * DAY_MS).toISOString().slice(0, 10),
    notes: 'حديد وطني درجة 60 بشهادة مطابقة، التسليم على دفعتين.',
    submitted_at: quotedAt,
    created_at: quotedAt,
    updated_at: quotedAt,
  });
  await trx('rfq_quote_lines').insert(requestLines.map((l) => ({ quote_id: quote, rfq_id: rfq, rfq_line_id: l.id, unit_price: 2890, quantity: null })));

  // Waiting for the manager since this morning: 8,000 blocks at 3.40 and 300 m2 of membrane at 34 is 43,010 with VAT, the manager's band.
  await raise(
    [
      { budget: 2, description: 'بلوك أسمنتي مصمت 20 سم', quantity: 8000, unit: 'حبة', price: 3.4 },
      { budget: 3, description: 'لفائف عزل بيتومين 4 مم', quantity: 300, unit: 'م2', price: 34 },
    ],
    opts.at(-5 * HOUR_MS),
    'لجدران الدور الرابع وعزل سطح الملحق',
    opts.at(5 * DAY_MS),
  );
  await insertSiteOrder(trx, opts, site, budgetLines);
}

/**
 * An order of the site from the demo supplier, issued as an award issues it: 300 m3 of
 * concrete at 285 on the concrete line (98,325 with VAT of its 396,000) and 2,600 m2 of
 * membrane at 34 on the waterproofing line (101,660 of its 96,600: over budget); accepted
 * eight days ago, 120 m3 of the concrete received since.
 */
async function insertSiteOrder(trx: Knex.Transaction, opts: { at: (offsetMs: number) => Date; companyId: (key: string) => string }, site: string, budgetLines: string[]): Promise<void> {
  const buyer = opts.companyId('contractor');
  const issuedAt = opts.at(-10 * DAY_MS);
  const po = await issuePurchaseOrder(
    trx,
    {
      buyer_id: buyer,
      seller_id: opts.companyId('supplier'),
      created_by: buyer,
      title: `${DEMO_SITE_NAME} · خرسانة وعزل`,
      delivery_location: 'الرياض - حي الياسمين',
      delivery_days: 3,
      site_id: site,
      lines: [
        { description: 'خرسانة جاهزة C35', quantity: 300, unit: 'م3', unit_price: 285, budget_line_id: budgetLines[0] },
        { description: 'لفائف عزل بيتومين 4 مم', quantity: 2600, unit: 'م2', unit_price: 34, budget_line_id: budgetLines[3] },
      ],
    },
    issuedAt,
  );
  await trx('purchase_orders').where({ id: po.id }).update({ status: 'partially_received', answered_at: opts.at(-8 * DAY_MS), created_at: issuedAt, updated_at: opts.at(-2 * DAY_MS) });
  const [concrete] = await trx('purchase_order_lines').where({ purchase_order_id: po.id }).orderBy('position').pluck('id');
  const receiptId = crypto.randomUUID();
  const receivedAt = opts.at(-2 * DAY_MS);
  await trx('goods_receipts').insert({ id: receiptId, purchase_order_id: po.id, received_by: buyer, received_at: receivedAt, note: 'الصبة الأولى للأساسات.', created_at: receivedAt, updated_at: receivedAt });
  await trx('goods_receipt_lines').insert({ goods_receipt_id: receiptId, purchase_order_line_id: concrete, received_quantity: 120, rejected_quantity: 0 });
}
