/**
 * Where every riyal of a site stands (shared/schemas/site-budget.ts): one statement sums the
 * documents themselves per budget line, never a copy kept beside them, and every reader
 * takes its figures from it (GET /api/sites/{id}/budget, the XLSX export, the 80 % and
 * 100 % notices), so they are equal everywhere.
 *
 * - Each order line's figures are rounded to halalas on their own, half away from zero,
 *   then summed, so a budget line's figure is the sum of its order lines' and the totals
 *   the sum of the rows (added in halalas).
 * - committed, received and invoiced are pro rata of the order line's amount with VAT
 *   (line_total + vat_amount): quantity less what was closed short, what was accepted
 *   (purchase-orders/line-quantities.ts lineSums, the same as the order's own row), what
 *   was invoiced (lineSums' invoiced: invoices, plus debit notes and less credit notes
 *   that move the quantity). Only the site's orders that stand count: an order waiting for
 *   its company's approval is not committed yet, a declined or cancelled one no longer.
 * - paid: each live invoice and debit note of those orders, its confirmed payments (less
 *   refunds: the invoice's own paid, as invoices/payment-facts.ts paidSql sums it; written
 *   here since invoices imports, through company and profiles, what imports sites) as a share of its total, spread over its
 *   lines' amounts; a debit note's line counts on the order line it adjusts.
 * - approved: the approved requests of kind 'request' (not the approvals of orders, whose
 *   amount is the order's), each line quantity × estimated price, its VAT rounded on its
 *   own as a request's lines are (shared/approval-levels.ts requestAmount, shared/vat.ts).
 * - a figure on a line of no budget line (or of a budget line not the site's) falls in the
 *   row of budget_line_id null, budget 0.
 */
import type { Knex } from 'knex';
import { prepared } from '../../db/prepared';
import { VAT_RATE, lineAmounts } from '../../../shared/vat';
import type { SiteBudget, SiteBudgetLineRow } from '../../../shared/schemas/site-budget';
import { marketKey, marketPrices } from '../purchase-orders/market-prices';
import { lineSums, lineSumsJoinsSql } from '../purchase-orders/line-quantities';

/** Orders that commit nothing: waiting for their company's approval, declined, cancelled. */
const UNCOMMITTED_PO_STATUSES = ['awaiting_approval', 'declined', 'cancelled'];

const FIGURES = ['approved', 'committed', 'received', 'invoiced', 'paid'] as const;
type Figure = (typeof FIGURES)[number];

export interface BudgetFigures {
  budget_line_id: string | null;
  budget: number;
  approved: number;
  committed: number;
  received: number;
  invoiced: number;
  paid: number;
}

/**
 * The statement: per budget line of the site `:site` (and one row for none), each figure.
 * `:skip` is a uuid[] of orders left out (the state before they were committed), empty for
 * none; `:rate` the VAT rate of a request's estimated price.
 */
const BUDGET_SQL = `
with bl as (
  select b.id from site_budget_lines b where b.site_id = :site
), orders as (
  select po.id from purchase_orders po
   where po.site_id = :site and po.status <> all(:uncommitted::text[]) and po.id <> all(:skip::uuid[])
), ol as (
  select case when pl.budget_line_id in (select id from bl) then pl.budget_line_id end as budget_line_id,
         round((pl.line_total + pl.vat_amount) * (pl.quantity - pl.cancelled_quantity) / pl.quantity, 2) as committed,
         round((pl.line_total + pl.vat_amount) * ${lineSums('pl').accepted} / pl.quantity, 2) as received,
         round((pl.line_total + pl.vat_amount) * ${lineSums('pl').invoiced} / pl.quantity, 2) as invoiced
    from purchase_order_lines pl ${lineSumsJoinsSql({ in: 'select id from orders' }, 'pl')}
   where pl.purchase_order_id in (select id from orders)
), paid as materialized (
  select doc.id, doc.total, sum(pp.amount - pp.refunded) as paid
    from invoices doc
    join payments pp on pp.invoice_id = doc.id and pp.status = 'confirmed'
   where doc.purchase_order_id in (select id from orders) and doc.kind in ('invoice', 'debit_note') and doc.status <> 'rejected' and doc.total > 0
   group by doc.id, doc.total
  having sum(pp.amount - pp.refunded) > 0
), pd as (
  select case when pl.budget_line_id in (select id from bl) then pl.budget_line_id end as budget_line_id,
         round((il.line_total + il.vat_amount) * doc.paid / doc.total, 2) as paid
    from paid doc
    join invoice_lines il on il.invoice_id = doc.id
    left join invoice_lines orig on orig.id = il.credited_line_id
    join purchase_order_lines pl on pl.id = coalesce(orig.purchase_order_line_id, il.purchase_order_line_id)
), ap as (
  select case when rl.budget_line_id in (select id from bl) then rl.budget_line_id end as budget_line_id,
         round(rl.quantity * rl.estimated_unit_price, 2) + round(round(rl.quantity * rl.estimated_unit_price, 2) * :rate, 2) as approved
    from purchase_requests pr
    join purchase_request_lines rl on rl.purchase_request_id = pr.id
   where pr.site_id = :site and pr.kind = 'request' and pr.status = 'approved' and rl.estimated_unit_price is not null
), sums as (
  select budget_line_id, sum(approved) as approved, 0 as committed, 0 as received, 0 as invoiced, 0 as paid from ap group by 1
  union all
  select budget_line_id, 0, sum(committed), sum(received), sum(invoiced), 0 from ol group by 1
  union all
  select budget_line_id, 0, 0, 0, 0, sum(paid) from pd group by 1
)
select s.budget_line_id, coalesce(b.budget_amount, 0) as budget,
       sum(s.approved) as approved, sum(s.committed) as committed, sum(s.received) as received, sum(s.invoiced) as invoiced, sum(s.paid) as paid
  from sums s left join site_budget_lines b on b.id = s.budget_line_id
 group by 1, 2`;

/** The figures of each budget line of the site that has any, and of no budget line; `skip`: orders left out. */
export async function budgetFigures(db: Knex, siteId: string, skip: readonly string[] = []): Promise<Map<string | null, BudgetFigures>> {
  // Planned once per connection: its plan costs about a third of its run.
  const rows = await prepared<Record<string, string | null>>(db, db.raw(BUDGET_SQL, { site: siteId, uncommitted: UNCOMMITTED_PO_STATUSES, skip: [...skip], rate: VAT_RATE }));
  return new Map(
    rows.map((r) => [
      r.budget_line_id,
      {
        budget_line_id: r.budget_line_id,
        budget: Number(r.budget),
        approved: Number(r.approved),
        committed: Number(r.committed),
        received: Number(r.received),
        invoiced: Number(r.invoiced),
        paid: Number(r.paid),
      },
    ]),
  );
}

const halalas = (n: number) => Math.round(n * 100);
const sar = (h: number) => h / 100;

interface BudgetLineRecord {
  id: string;
  position: number;
  code: string | null;
  description: string;
  quantity: string;
  unit: string;
  category_id: string | null;
  budget_amount: string;
}

/** A row of the answer: the line's identity and its figures. */
function rowOf(line: BudgetLineRecord | null, f: BudgetFigures | undefined, market: number | null): SiteBudgetLineRow {
  const budget = line ? Number(line.budget_amount) : 0;
  const fig = (k: Figure) => f?.[k] ?? 0;
  const committed = fig('committed');
  const quantity = line ? Number(line.quantity) : null;
  return {
    budget_line_id: line?.id ?? null,
    position: line?.position ?? null,
    code: line?.code ?? null,
    description: line?.description ?? null,
    quantity,
    unit: line?.unit ?? null,
    category_id: line?.category_id ?? null,
    budget,
    approved: fig('approved'),
    committed,
    received: fig('received'),
    invoiced: fig('invoiced'),
    paid: fig('paid'),
    remaining: sar(halalas(budget) - halalas(committed)),
    over_budget: halalas(committed) > halalas(budget),
    budget_unit_price: quantity ? Math.round((budget / quantity) * 100) / 100 : null,
    market_unit_price: market,
  };
}

/**
 * The budget of the site `site` as `viewer` (an account: its own deals never count in the
 * market's price) reads it at `now`: every budget line in order, then the row of no budget
 * line when the site spends or approved anything there, and the totals.
 */
export async function siteBudget(db: Knex, site: { id: string; name: string }, viewer: string, now: Date): Promise<SiteBudget> {
  // The lines, their figures and the market's prices of their categories at once: the
  // figures' statement is the longest, the prices wait only for the lines.
  const linesRead: Promise<BudgetLineRecord[]> = Promise.resolve(
    db('site_budget_lines').where({ site_id: site.id }).orderBy('position').select('id', 'position', 'code', 'description', 'quantity', 'unit', 'category_id', 'budget_amount'),
  );
  const [lines, figures, prices] = await Promise.all([
    linesRead,
    budgetFigures(db, site.id),
    linesRead.then((read) => marketPrices(db, [...new Set(read.flatMap((l) => (l.category_id ? [l.category_id] : [])))], viewer, now)),
  ]);
  const marketOf = (l: BudgetLineRecord) => {
    const median = l.category_id ? prices.get(marketKey(l))?.median : null;
    if (median == null) return null;
    const { line_total, vat_amount } = lineAmounts(1, median);
    return sar(halalas(line_total) + halalas(vat_amount));
  };
  const rows = lines.map((l) => rowOf(l, figures.get(l.id), marketOf(l)));
  const none = figures.get(null);
  if (none) rows.push(rowOf(null, none, null));
  const sum = (k: 'budget' | Figure | 'remaining') => sar(rows.reduce((s, r) => s + halalas(r[k]), 0));
  const totals = {
    budget: sum('budget'),
    approved: sum('approved'),
    committed: sum('committed'),
    received: sum('received'),
    invoiced: sum('invoiced'),
    paid: sum('paid'),
    remaining: sum('remaining'),
    over_budget: halalas(sum('committed')) > halalas(sum('budget')),
  };
  return { site_id: site.id, site_name: site.name, lines: rows, totals, as_of: now.toISOString() };
}
