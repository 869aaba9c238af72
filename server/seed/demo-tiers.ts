/**
 * The demo's verification tiers, earned as anyone's are (shared/tiers.ts): the register's
 * check on record for each demo company whose CR the demo says passed it, a steel
 * supplier's record of good deals (fourteen orders of two contractors, each received on
 * time and in full over the last months), and then every company's tier from the rule
 * (tiers/recompute.ts earnedTierOf) once its scorecard is measured. Nothing names a tier by
 * hand: the steel supplier comes out silver, the companies the register verified and with
 * fewer deals come out verified, the rest unverified.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { issuePurchaseOrder } from '../modules/purchase-orders/issue';
import { earnedTierOf } from '../modules/tiers/recompute';
import type { DemoCompany } from './demo-companies';
import { DAY_MS } from './demo-time';

interface Opts {
  at: (offsetMs: number) => Date;
  companyId: (key: string) => string;
}

/** The register's verified answer on record for each demo company it verified (its CR under its name). */
export async function insertDemoCrChecks(trx: Knex.Transaction, companies: readonly DemoCompany[], opts: Opts): Promise<void> {
  const verified = companies.filter((c) => c.registered && c.cr_number);
  if (!verified.length) return;
  await trx('company_cr_checks').insert(
    verified.map((c, i) => {
      const checkedAt = opts.at(-(30 + i) * DAY_MS);
      return {
        company_id: opts.companyId(c.key),
        cr_number: c.cr_number,
        result: 'verified',
        register_name: c.company_name,
        register_status: 'السجل التجاري قائم',
        checked_at: checkedAt,
        next_check_on: opts.at(335 * DAY_MS).toISOString().slice(0, 10),
      };
    }),
  );
}

/**
 * Fourteen orders of steel to the two contractors over the last nine months, each received
 * in full before its promised day: beside its reviewed deals (three of them late), its
 * on-time share stays above silver's bar.
 */
export async function insertDemoGoodDeals(trx: Knex.Transaction, opts: Opts): Promise<void> {
  const seller = opts.companyId('steel');
  for (let i = 0; i < 14; i += 1) {
    const buyer = opts.companyId(i % 2 ? 'contractor2' : 'contractor');
    const issuedAt = opts.at(-(18 * i + 40) * DAY_MS);
    const po = await issuePurchaseOrder(
      trx,
      {
        buyer_id: buyer,
        seller_id: seller,
        created_by: buyer,
        title: `حديد تسليح - دفعة ${i + 1}`,
        delivery_location: 'الرياض - حي النرجس',
        delivery_days: 7,
        lines: [{ description: 'حديد تسليح 16 مم', quantity: 10 + i, unit: 'طن', unit_price: 2700 }],
      },
      issuedAt,
    );
    const receivedAt = new Date(issuedAt.getTime() + 5 * DAY_MS);
    await trx('purchase_orders').where({ id: po.id }).update({ status: 'received', answered_at: new Date(issuedAt.getTime() + DAY_MS), created_at: issuedAt, updated_at: receivedAt });
    const [line] = await trx('purchase_order_lines').where({ purchase_order_id: po.id }).pluck('id');
    const receiptId = crypto.randomUUID();
    await trx('goods_receipts').insert({ id: receiptId, purchase_order_id: po.id, received_by: buyer, received_at: receivedAt, note: 'وصلت الدفعة كاملة وسليمة.', created_at: receivedAt, updated_at: receivedAt });
    await trx('goods_receipt_lines').insert({ goods_receipt_id: receiptId, purchase_order_line_id: line, received_quantity: 10 + i, rejected_quantity: 0 });
  }
}

/** Each company's tier as the rule gives it at `now` (after its scorecard is measured). */
export async function earnDemoTiers(trx: Knex.Transaction, companyIds: string[], now: Date): Promise<void> {
  for (const id of companyIds) await trx('profiles').where({ user_id: id }).update({ verification_tier: await earnedTierOf(trx, id, now) });
}
