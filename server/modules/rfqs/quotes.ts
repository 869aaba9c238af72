/**
 * Quotes: a supplier's prices for the lines of an RFQ that reached them. One per supplier
 * and RFQ, revised in place until the RFQ closes (each sending that changes it counts a
 * revision); a line left out is not quoted. The RFQ's buyer sees every quote, a supplier
 * only their own.
 *
 * A quote locks its RFQ FOR SHARE, an award or a cancel FOR UPDATE: a quote is either in
 * before the award (and compared by it) or refused with rfq_closed. A first quote's insert
 * queues the supplier's scorecard (its quoting time), measured after the commit by the
 * scorecard worker (scorecards/queue.ts); a revision keeps its first sending's time.
 */
import type { Knex } from 'knex';
import { notFound, rfqClosed, validationFailed } from '../../../shared/errors';
import { canQuote } from '../../../shared/rfq';
import type { RfqQuote, RfqQuoteSubmitArgs } from '../../../shared/schemas/rfq';
import { assertRole } from '../../auth/guards';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { notify } from '../notifications/notify';
import { isRecipient, quotePolicy, refuseRfq } from './policy';
import { lockRfq, quoteQuery, readQuotes } from './queries';
import { displayName } from '../../db/party-name';
import { assertNotSuspended } from '../../auth/suspension';

type QuoteInput = Omit<RfqQuoteSubmitArgs, 'id'> & { id?: string };

/** The quote's content in one comparable form (what a resend must match to be a replay). */
type QuoteContent = Pick<RfqQuote, 'delivery_days' | 'valid_until'> & {
  notes?: string | null;
  lines: Array<Pick<RfqQuote['lines'][number], 'rfq_line_id' | 'unit_price'> & Partial<Pick<RfqQuote['lines'][number], 'quantity' | 'note' | 'substitute_product_id'>>>;
};

function contentOf(q: QuoteContent): string {
  const lines = [...q.lines]
    .map((l) => [l.rfq_line_id, Number(l.unit_price), l.quantity ?? null, l.note ?? null, l.substitute_product_id ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return JSON.stringify([q.delivery_days, q.valid_until, q.notes ?? null, lines]);
}

async function quoteRow(db: Knex, id: string): Promise<RfqQuote> {
  const [row] = await readQuotes(quoteQuery(db).where('q.id', id));
  if (!row) throw notFound('Quote');
  return row;
}

/** Refuses lines that are not the RFQ's and substitutes that are not the supplier's own live products. */
async function checkLines(trx: Knex.Transaction, user: SessionUser, rfqId: string, input: QuoteInput): Promise<void> {
  const lineIds = new Set((await trx('rfq_lines').where({ rfq_id: rfqId }).select('id')).map((l: { id: string }) => l.id));
  const details = input.lines.flatMap((l, i) => (lineIds.has(l.rfq_line_id) ? [] : [{ path: `lines.${i}.rfq_line_id`, message: 'not_in_rfq' }]));
  const substitutes = [...new Set(input.lines.flatMap((l) => (l.substitute_product_id ? [l.substitute_product_id] : [])))];
  if (substitutes.length) {
    const own = new Set(
      (await trx('products').whereIn('id', substitutes).where({ supplier_id: user.account_id }).whereNull('deleted_at').select('id')).map((p: { id: string }) => p.id),
    );
    input.lines.forEach((l, i) => {
      if (l.substitute_product_id && !own.has(l.substitute_product_id)) details.push({ path: `lines.${i}.substitute_product_id`, message: 'not_your_product' });
    });
  }
  if (details.length) throw validationFailed('Invalid input: lines', details);
}

/**
 * POST /api/rfqs/{id}/quotes: 201 with the new quote, 200 with the revised one. Sending
 * the same quote id and content again returns it unchanged (no new revision), whatever
 * has happened to the RFQ since.
 */
export async function submitQuote(trx: Knex.Transaction, user: SessionUser, input: QuoteInput, now: Date): Promise<Saved<RfqQuote>> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  const replay = await rowWithId<{ supplier_id: string; rfq_id: string }>(trx, 'rfq_quotes', input.id, ['supplier_id', 'rfq_id']);
  if (replay) {
    if (replay.supplier_id !== user.account_id || replay.rfq_id !== input.rfq_id) throw idTaken();
    const current = await quoteRow(trx, replay.id);
    if (contentOf(current) === contentOf(input)) return { row: current, created: false };
  }

  const rfq = await lockRfq(trx, input.rfq_id, 'share');
  if (!rfq) throw notFound('RFQ');
  if (!(await isRecipient(trx, rfq.id, user.account_id))) throw notFound('RFQ');
  if (!canQuote(rfq, now)) throw rfqClosed();
  if (input.valid_until < now.toISOString().slice(0, 10)) {
    throw validationFailed('Invalid input: valid_until', [{ path: 'valid_until', message: 'date_in_past' }]);
  }
  await checkLines(trx, user, rfq.id, input);

  const upserted = await insertWithClientId('rfq_quotes', () =>
    trx.raw(
      `insert into rfq_quotes (id, rfq_id, supplier_id, created_by, delivery_days, valid_until, notes, submitted_at)
       values (coalesce(?::uuid, gen_random_uuid()), ?, ?, ?, ?, ?, ?, ?)
       on conflict (rfq_id, supplier_id) do update
         set delivery_days = excluded.delivery_days, valid_until = excluded.valid_until, notes = excluded.notes,
             created_by = excluded.created_by, submitted_at = excluded.submitted_at, revision = rfq_quotes.revision + 1
       returning id, (xmax = 0) as inserted`,
      [input.id ?? null, rfq.id, user.account_id, user.id, input.delivery_days, input.valid_until, input.notes ?? null, now.toISOString()],
    ),
  );
  const row: { id: string; inserted: boolean } = upserted.rows[0];
  await trx('rfq_quote_lines').where({ quote_id: row.id }).delete();
  await trx('rfq_quote_lines').insert(
    input.lines.map((l) => ({
      quote_id: row.id,
      rfq_id: rfq.id,
      rfq_line_id: l.rfq_line_id,
      unit_price: l.unit_price,
      quantity: l.quantity ?? null,
      note: l.note ?? null,
      substitute_product_id: l.substitute_product_id ?? null,
    })),
  );

  const parties = { supplier_id: user.account_id, buyer_id: rfq.buyer_id };
  await recordChanges(trx, [
    { entity: 'rfq_quote', id: row.id, audiences: quotePolicy.audiences(parties) },
    // The buyer's quote_count and this supplier's my_quote changed: the RFQ goes out to both again.
    { entity: 'rfq', id: rfq.id, audiences: [{ user: rfq.buyer_id }, { user: user.account_id }] },
  ]);
  const params = { company: await displayName(trx, user.account_id), rfq_title: rfq.title, rfq_id: rfq.id, quote_id: row.id };
  if (row.inserted) await notify(trx, { to: [rfq.buyer_id], kind: 'rfq_quote.new', params });
  else await notify(trx, { to: [rfq.buyer_id], kind: 'rfq_quote.revised', params });
  return { row: await quoteRow(trx, row.id), created: row.inserted };
}

/** GET /api/rfqs/{id}/quotes: every quote for the RFQ's buyer, a recipient's own for them; 404 for anyone else. */
export async function listQuotes(db: Knex, user: SessionUser, rfqId: string): Promise<RfqQuote[]> {
  const rfq = await db('rfqs').where({ id: rfqId }).first('id', 'buyer_id');
  if (!rfq) throw notFound('RFQ');
  const q = quoteQuery(db).where('q.rfq_id', rfqId).orderBy('q.submitted_at');
  if (rfq.buyer_id === user.account_id) return readQuotes(q);
  if (!(await isRecipient(db, rfqId, user.account_id))) return refuseRfq(db, user, rfqId);
  return readQuotes(quotePolicy.visible(q, user));
}
