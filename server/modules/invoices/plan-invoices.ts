/**
 * The platform's tax invoice for every paid plan, and its credit note when the payment is
 * refunded: documents of the platform's e-invoicing unit, issued like any seller's
 * (invoices/chain.ts, then cleared or reported by the clearance queue's worker,
 * invoices/clearance-queue.ts).
 *
 * - The seller is the platform: the company of the account PLATFORM_SELLER_EMAIL names
 *   (config.platformSellerEmail), with its tax profile and onboarded unit.
 * - One line: the plan and its cycle, quantity 1, standard rated. The price paid includes
 *   VAT, so the line's net amount is the one whose VAT brings it to exactly what was paid
 *   (shared/vat.ts netOfGross; the checkout charges only totals it reaches). Paid by card
 *   (payment means 48), supplied on the day it was paid.
 * - The buyer is the subscriber's company: its tax profile on a standard invoice (cleared),
 *   or its name alone on a simplified one (reported) when it has no tax profile.
 * - Issuing never holds up or undoes the payment: the plan is active from the settling
 *   transaction; the invoice is issued after it commits (catchUpPlanPayment, from the
 *   card callback and webhook and after a cancel). When the platform's unit is not ready
 *   or ZATCA does not answer, the hourly sweep (sweepPlanInvoices) issues what is missing
 *   and has what is pending sent again at once. plan_payments.invoice_id, set under the payment's row
 *   lock, makes it one invoice per payment however many times it is asked.
 * - The invoice carries the card payment that paid it (a confirmed card payment of the
 *   gateway's id), so it reads paid like any invoice paid by card.
 * - A payment refunded before its invoice was issued gets none: nothing was sold. One
 *   refunded in full after gets a credit note for all of it once its invoice is cleared
 *   or reported (at the refund, or by the sweep when the invoice was accepted only after
 *   it); an invoice ZATCA rejected is left for the platform to correct.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../../../shared/errors';
import type { BillingCycle, PaidPlanId } from '../../../shared/constants';
import { PLAN_NAMES } from '../../../shared/invoice-document';
import { riyadhDay } from '../../../shared/riyadh';
import { ACCEPTED_INVOICE_STATUSES, type InvoiceParty } from '../../../shared/schemas/invoice';
import { accountIdOf } from '../../../shared/schemas/user';
import { netOfGross } from '../../../shared/vat';
import { loadSessionUser } from '../../auth/session-user';
import type { Config } from '../../config';
import { onboard } from '../e-invoicing/onboarding';
import { chainDocument, type ChainBuyer } from './chain';
import type { InvoiceDeps } from './clearance';
import { requestClearance, wakeClearance } from './clearance-queue';
import { partyOf } from './issue';

/** The platform's company: the account PLATFORM_SELLER_EMAIL names (the company it belongs to), or null while there is none. */
async function platformSellerId(db: Knex, email: string): Promise<string | null> {
  const row = await db('users as u')
    .leftJoin('company_members as m', 'm.user_id', 'u.id')
    .whereRaw('lower(u.email) = ?', [email.toLowerCase()])
    .whereNull('u.deleted_at')
    .first('u.id', 'm.company_id', 'm.role as member_role');
  return row ? accountIdOf({ id: row.id, company_id: row.company_id, member_role: row.member_role }) : null;
}

const CYCLE_NAMES: Record<BillingCycle, { ar: string; en: string; unit: string }> = {
  monthly: { ar: 'شهري', en: 'monthly', unit: 'شهر' },
  yearly: { ar: 'سنوي', en: 'yearly', unit: 'سنة' },
};

/** The line's description, in Arabic and English as the document's labels are: "اشتراك الباقة الأساسية (شهري) / Basic plan (monthly)". */
const planLine = (plan: PaidPlanId, cycle: BillingCycle) => `اشتراك الباقة ${PLAN_NAMES[plan].ar} (${CYCLE_NAMES[cycle].ar}) / ${PLAN_NAMES[plan].en} plan (${CYCLE_NAMES[cycle].en})`;

const REFUND_REASON = 'استرداد مبلغ الاشتراك عند إلغائه / Plan payment refunded on cancellation';

/** Whether `err` is the platform's unit not being ready (not onboarded, or not for simplified documents yet): the sweep tries again. */
const notReady = (err: unknown) => err instanceof AppError && err.code === 'einvoicing_not_ready';

/** The buyer a simplified document names: the subscriber's company name, or nobody. */
async function namedBuyer(db: Knex, companyId: string): Promise<ChainBuyer> {
  const row = await db('profiles').where({ user_id: companyId }).first('company_name');
  return row?.company_name ? { legal_name: row.company_name } : null;
}

/** Issues the invoice of one plan payment if it has none and was not refunded; true when it did. */
async function invoicePayment(knex: Knex, deps: InvoiceDeps, sellerId: string, paymentId: string, now: Date): Promise<boolean> {
  try {
    return await knex.transaction(async (trx) => {
      const p = await trx('plan_payments as pp')
        .where('pp.payment_id', paymentId)
        .forUpdate('pp')
        .first('pp.payment_id', 'pp.user_id', 'pp.plan_id', 'pp.billing_cycle', 'pp.amount', 'pp.currency', 'pp.refunded_at', 'pp.invoice_id', 'pp.created_at');
      // The platform paying for a plan of its own sells nothing to itself.
      if (!p || p.invoice_id || p.refunded_at || p.user_id === sellerId) return false;
      const net = netOfGross(p.amount);
      if (net === null) {
        // The checkout charges only totals a net amount reaches (billing.ts planAmount): a price changed by hand since.
        deps.logger.error({ payment: paymentId, amount: p.amount }, 'no net amount with its VAT comes to what was paid; the plan invoice is not issued');
        return false;
      }
      const seller = await partyOf(trx, sellerId);
      if (!seller) return false;
      const profile: InvoiceParty | null = await partyOf(trx, p.user_id);
      const id = await chainDocument(
        trx,
        deps.config.einvoicing.key,
        {
          kind: 'invoice',
          seller_id: sellerId,
          buyer_id: p.user_id,
          created_by: null,
          purchase_order_id: null,
          plan_payment_id: paymentId,
          payment_means_code: '48',
          supply_date: riyadhDay(p.created_at),
          simplified: !profile,
          seller,
          buyer: profile ?? (await namedBuyer(trx, p.user_id)),
          lines: [{ description: planLine(p.plan_id, p.billing_cycle), quantity: 1, unit: CYCLE_NAMES[p.billing_cycle as BillingCycle].unit, unit_price: net / 100, vat_category: 'S' }],
        },
        now,
      );
      await trx('plan_payments').where({ payment_id: paymentId }).update({ invoice_id: id });
      // The card payment that paid it, as an invoice's card payment is kept: the invoice is
      // paid from the start (no reminder, no "pay" button), the statement shows the
      // payment, and a refund of it is recorded on this row (refunds.ts recordPlanRefund).
      await trx('payments').insert({
        id: crypto.randomUUID(),
        invoice_id: id,
        payer_id: p.user_id,
        payee_id: sellerId,
        method: 'card',
        amount: p.amount / 100,
        currency: p.currency,
        paid_on: riyadhDay(p.created_at),
        reference: paymentId,
        status: 'confirmed',
        gateway: 'moyasar',
        gateway_payment_id: paymentId,
        decided_at: new Date(p.created_at).toISOString(),
      });
      return true;
    });
  } catch (err) {
    if (notReady(err)) return false;
    throw err;
  }
}

/** Issues the credit note of a payment refunded in full whose invoice ZATCA accepted, once; true when it did. */
async function creditRefund(knex: Knex, deps: InvoiceDeps, paymentId: string, now: Date): Promise<boolean> {
  try {
    return await knex.transaction(async (trx) => {
      const p = await trx('plan_payments').where({ payment_id: paymentId }).forUpdate().first('amount', 'refunded_amount', 'invoice_id');
      if (!p?.invoice_id || (p.refunded_amount ?? 0) < p.amount) return false;
      const invoice = await trx('invoices')
        .where({ id: p.invoice_id, kind: 'invoice' })
        .whereIn('status', ACCEPTED_INVOICE_STATUSES)
        .first('id', 'number', 'seller_id', 'buyer_id', 'seller', 'buyer', 'simplified', trx.raw(`to_char(supply_date, 'YYYY-MM-DD') as supply_date`));
      if (!invoice) return false;
      const credited = await trx('invoices').where({ original_invoice_id: invoice.id, kind: 'credit_note' }).whereNot('status', 'rejected').first('id');
      if (credited) return false;
      const [line] = await trx('invoice_lines').where({ invoice_id: invoice.id }).select('id', 'description', 'quantity', 'unit', 'unit_price');
      await chainDocument(
        trx,
        deps.config.einvoicing.key,
        {
          kind: 'credit_note',
          seller_id: invoice.seller_id,
          buyer_id: invoice.buyer_id,
          created_by: null,
          purchase_order_id: null,
          plan_payment_id: paymentId,
          payment_means_code: '48',
          original: { id: invoice.id, number: invoice.number },
          reason: REFUND_REASON,
          supply_date: invoice.supply_date,
          simplified: invoice.simplified,
          seller: invoice.seller,
          buyer: invoice.simplified ? (invoice.buyer.legal_name ? { legal_name: invoice.buyer.legal_name } : null) : invoice.buyer,
          lines: [{ credited_line_id: line.id, description: line.description, quantity: Number(line.quantity), unit: line.unit, unit_price: Number(line.unit_price), vat_category: 'S' }],
        },
        now,
      );
      return true;
    });
  } catch (err) {
    if (notReady(err)) return false;
    throw err;
  }
}

/**
 * After a plan payment is settled or refunded (and committed): its invoice or credit note
 * if it is due, queued for ZATCA (the worker sends them). Never throws: what fails here
 * the sweep does later, and the payment has been answered for already.
 */
export async function catchUpPlanPayment(knex: Knex, deps: InvoiceDeps, paymentId: string, now: Date): Promise<void> {
  try {
    const sellerId = await platformSellerId(knex, deps.config.platformSellerEmail);
    if (!sellerId) return;
    await invoicePayment(knex, deps, sellerId, paymentId, now);
    await creditRefund(knex, deps, paymentId, now);
    wakeClearance(deps);
  } catch (err) {
    deps.logger.warn({ err, payment: paymentId }, 'plan invoice not issued now; the sweep issues it');
  }
}

/**
 * Development only (the development ZATCA, demo data): the platform's unit is onboarded
 * with any six-digit code once the server listens, so a plan paid in the demo gets its
 * invoice at once. Production's platform onboards with the Fatoora portal's code, as any
 * seller does.
 */
export async function onboardDevelopmentPlatform(knex: Knex, config: Config, now: Date): Promise<void> {
  if (config.production || !config.einvoicing.devZatca || !config.seedDemo) return;
  const sellerId = await platformSellerId(knex, config.platformSellerEmail);
  if (!sellerId || !(await partyOf(knex, sellerId))) return;
  const unit = await knex('einvoicing_units').where({ company_id: sellerId }).first('status');
  if (unit?.status === 'ready') return;
  const user = await loadSessionUser(knex, config, sellerId);
  if (user) await onboard(knex, config, user, '123456', now);
}

/**
 * The hourly sweep (server/main.ts): the platform's pending documents due for ZATCA
 * again now (not after their backoff), an invoice for each payment that has none (and was
 * not refunded), a credit note for each payment refunded in full whose invoice ZATCA
 * accepted and has none; what it issues is queued as it is chained.
 */
export async function sweepPlanInvoices(knex: Knex, deps: InvoiceDeps, now: Date): Promise<{ issued: number; credited: number }> {
  const sellerId = await platformSellerId(knex, deps.config.platformSellerEmail);
  if (!sellerId) return { issued: 0, credited: 0 };
  await requestClearance(knex, deps, sellerId);
  let issued = 0;
  for (const id of await knex('plan_payments').whereNull('invoice_id').whereNull('refunded_at').orderBy('created_at').pluck('payment_id')) {
    if (await invoicePayment(knex, deps, sellerId, id, now)) issued++;
  }
  if (issued) wakeClearance(deps);
  const credited = await creditRefunds(knex, deps, sellerId, now);
  return { issued, credited };
}

/** Credit notes for the payments (of `userId`, or everyone's) refunded in full whose invoice ZATCA accepted and that have none, queued; how many. */
async function creditRefunds(knex: Knex, deps: InvoiceDeps, sellerId: string, now: Date, userId?: string): Promise<number> {
  const q = knex('plan_payments as pp')
    .join('invoices as inv', 'inv.id', 'pp.invoice_id')
    .whereRaw('pp.refunded_amount >= pp.amount')
    .whereIn('inv.status', ACCEPTED_INVOICE_STATUSES)
    .whereNotExists((n) => n.select(1).from('invoices as cn').whereRaw('cn.original_invoice_id = inv.id').where('cn.kind', 'credit_note').whereNot('cn.status', 'rejected'))
    .orderBy('pp.created_at');
  if (userId) q.where('pp.user_id', userId);
  let credited = 0;
  for (const id of await q.pluck('pp.payment_id')) if (await creditRefund(knex, deps, id, now)) credited++;
  if (credited) wakeClearance(deps);
  return credited;
}

/** After a cancel that refunded: the subscriber's credit note, as catchUpPlanPayment (never throws). */
export async function creditRefundsOf(knex: Knex, deps: InvoiceDeps, userId: string, now: Date): Promise<void> {
  try {
    const sellerId = await platformSellerId(knex, deps.config.platformSellerEmail);
    if (sellerId) await creditRefunds(knex, deps, sellerId, now, userId);
  } catch (err) {
    deps.logger.warn({ err, user: userId }, 'plan credit note not issued now; the sweep issues it');
  }
}
