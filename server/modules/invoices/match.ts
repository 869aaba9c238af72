/**
 * The three-way match of an order's invoice (shared/invoice-match.ts holds the rule): the
 * facts of each line in SQL, one JSON column of the invoices' query (matchFactsSql), so a
 * list reads every row's match_status in the same statement as its rows; GET
 * /api/invoices/{id}/match presents the same facts line by line.
 *
 * An invoice line's quantity counts its live quantity notes (credit notes less, debit
 * notes more), its price its live price notes per unit. invoiced_before is what the
 * order's other live invoices (ZATCA did not reject them) issued before this one bill of
 * the line, counted the same way. A note has no match of its own (null).
 */
import type { Knex } from 'knex';
import { matchLine, matchStatus } from '../../../shared/invoice-match';
import { notFound } from '../../../shared/errors';
import type { InvoiceMatch } from '../../../shared/schemas/invoice';
import type { SessionUser } from '../../auth/session-user';
import { lineSums, lineSumsJoinsSql } from '../purchase-orders/line-quantities';
import { invoicePolicy } from './policy';

/**
 * The facts of each line of the invoice aliased `inv` (null unless it is an order's invoice).
 * Every sum is one grouped pass over the order's rows (lineSumsJoinsSql; `notes`, the live
 * notes of the order's documents by the line they adjust), not a subquery a line.
 */
export const matchFactsSql = (inv: string) => `case when ${inv}.kind = 'invoice' and ${inv}.purchase_order_id is not null then coalesce((
    with notes as (
      select nl.credited_line_id as id,
             sum(case when nl.adjusts <> 'quantity' then 0 when n.kind = 'debit_note' then nl.quantity else -nl.quantity end) as quantity,
             sum(case when nl.adjusts <> 'price' then 0 when n.kind = 'debit_note' then nl.line_total else -nl.line_total end) as price
        from invoices n join invoice_lines nl on nl.invoice_id = n.id
       where n.purchase_order_id = ${inv}.purchase_order_id and n.kind <> 'invoice' and n.status <> 'rejected' and nl.credited_line_id is not null
       group by 1),
    before as (
      select il2.purchase_order_line_id as id, sum(il2.quantity + coalesce(n2.quantity, 0)) as quantity
        from invoices i2 join invoice_lines il2 on il2.invoice_id = i2.id left join notes n2 on n2.id = il2.id
       where i2.purchase_order_id = ${inv}.purchase_order_id and i2.kind = 'invoice' and i2.status <> 'rejected' and i2.id <> ${inv}.id
         and (i2.issued_at, i2.icv) < (${inv}.issued_at, ${inv}.icv)
       group by 1)
    select json_agg(json_build_object(
      'invoice_line_id', il.id, 'purchase_order_line_id', pl.id, 'position', il.position, 'description', il.description, 'unit', il.unit,
      'ordered', pl.quantity, 'cancelled', pl.cancelled_quantity,
      'received', ${lineSums('pl').received}, 'rejected', ${lineSums('pl').rejected}, 'accepted', ${lineSums('pl').accepted},
      'invoiced', il.quantity + coalesce(notes.quantity, 0), 'price_notes', coalesce(notes.price, 0),
      'invoiced_before', coalesce(before.quantity, 0),
      'order_unit_price', pl.unit_price, 'invoice_unit_price', il.unit_price
    ) order by il.position)
    from invoice_lines il
    join purchase_order_lines pl on pl.id = il.purchase_order_line_id
    ${lineSumsJoinsSql(`${inv}.purchase_order_id`, 'pl')}
    left join notes on notes.id = il.id
    left join before on before.id = pl.id
    where il.invoice_id = ${inv}.id
  ), '[]'::json) end`;

export interface MatchFactsRow {
  invoice_line_id: string;
  purchase_order_line_id: string;
  position: number;
  description: string;
  unit: string;
  [n: string]: string | number;
}

const num = (v: unknown) => Number(v);

/** The lines of a match from the SQL facts. */
function matchLines(facts: readonly MatchFactsRow[]): InvoiceMatch['lines'] {
  return facts.map((f) => {
    const invoiced = num(f.invoiced);
    // A price note moves the price of the units billed: spread over them.
    const invoiceUnitPrice = Math.round((num(f.invoice_unit_price) + (invoiced > 0 ? num(f.price_notes) / invoiced : 0)) * 100) / 100;
    const facts = {
      ordered: num(f.ordered),
      cancelled: num(f.cancelled),
      received: num(f.received),
      rejected: num(f.rejected),
      accepted: num(f.accepted),
      invoiced,
      invoiced_before: num(f.invoiced_before),
      order_unit_price: num(f.order_unit_price),
      invoice_unit_price: invoiceUnitPrice,
    };
    const { exceptions, difference } = matchLine(facts);
    return {
      invoice_line_id: f.invoice_line_id,
      purchase_order_line_id: f.purchase_order_line_id,
      position: num(f.position),
      description: f.description,
      unit: f.unit,
      ordered: facts.ordered,
      received: facts.received,
      rejected: facts.rejected,
      invoiced,
      invoiced_before: facts.invoiced_before,
      order_unit_price: facts.order_unit_price,
      invoice_unit_price: invoiceUnitPrice,
      difference,
      exceptions,
    };
  });
}

/** An invoice row's match in one word, from its facts (null on a note or a plan's invoice). */
export const matchStatusOf = (facts: readonly MatchFactsRow[] | null | undefined): 'matched' | 'exception' | null => (facts ? matchStatus(matchLines(facts)) : null);

/** GET /api/invoices/{id}/match: either party of the invoice (as it sees invoices: policy.ts). */
export async function invoiceMatch(db: Knex, user: SessionUser, id: string): Promise<InvoiceMatch> {
  const row = await invoicePolicy
    .visible(db('invoices as inv').where('inv.id', id), user)
    .leftJoin('users as u', 'u.id', 'inv.exception_accepted_by')
    .first(
      'inv.id',
      'inv.kind',
      'inv.purchase_order_id',
      'inv.over_receipt_reason',
      'inv.exception_accepted_at',
      db.raw(`coalesce(nullif(u.name, ''), u.email) as exception_accepted_by`),
      db.raw(`${matchFactsSql('inv')} as match_facts`),
    );
  if (!row || !row.match_facts) throw notFound('Invoice match');
  const lines = matchLines(row.match_facts);
  return {
    invoice_id: row.id,
    purchase_order_id: row.purchase_order_id,
    status: matchStatus(lines),
    over_receipt_reason: row.over_receipt_reason,
    exception_accepted_at: row.exception_accepted_at ? new Date(row.exception_accepted_at).toISOString() : null,
    exception_accepted_by: row.exception_accepted_by ?? null,
    lines,
  };
}

/** What does not match, as the details of a refusal (invoice_in_exception): each line and why. */
export async function exceptionsOf(db: Knex, invoiceId: string): Promise<Array<{ path: string; message: string; code: string }>> {
  const row = await db('invoices as inv').where('inv.id', invoiceId).first(db.raw(`${matchFactsSql('inv')} as match_facts`));
  if (!row?.match_facts) return [];
  return matchLines(row.match_facts).flatMap((l) =>
    l.exceptions.map((e) => ({ path: `lines.${l.position - 1}`, message: `${l.description}: ${e.replace('_', ' ')}`, code: e })),
  );
}
