/**
 * The one writer of a company's verification tier: recomputeTier reads what the rule
 * (shared/tiers.ts earnedTier) needs, applies it and, when the tier changes, writes it
 * where it shows (the profile and every row copy of it: products, bids, offers),
 * tells the company's owner and appends an audit row, all in the caller's transaction.
 *
 * Called after every scorecard recompute (the scorecards module's follower, plugged in at
 * the composition root: the tier's copies reach modules that read scorecards), after each
 * commercial-register check, and by the hourly sweep (sweep.ts): deals leave the 12-month
 * window as time passes, and a buyer's deal completes without a scorecard of its own
 * moving.
 */
import type { Knex } from 'knex';
import type { VerificationTier } from '../../../shared/constants';
import { earnedTier, type TierFacts } from '../../../shared/tiers';
import { recordChanges } from '../../db/changes';
import { recordAudit } from '../audit/record';
import { notify } from '../notifications/notify';
import { rowsOfUser } from '../profiles/cascade';
import { profilePolicy } from '../profiles/policy';

/** The instant the 12-month window starts: the scorecard's (a year before `now`, UTC). */
function windowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

const figure = (v: unknown): number | null => (v == null ? null : Number(v));

/** What the rule reads of `companyId` at `now`. */
export async function tierFactsOf(db: Knex, companyId: string, now: Date): Promise<TierFacts> {
  const since = windowStart(now).toISOString();
  const check = await db('company_cr_checks').where({ company_id: companyId }).first('result');
  // A completed deal, as reviews/deals.ts knows one: a purchase order with a goods receipt
  // (dated by its first, as the scorecard does), a delivered transport request with its carrier.
  // Whether it sold or carried is read from the deals too, so a scorecard not measured yet
  // never makes a seller a buyer: its figures are then not shown, and meet no bar.
  const { rows } = await db.raw(
    `with orders as (
       select po.seller_id = :company as sold from purchase_orders po
        where (po.buyer_id = :company or po.seller_id = :company)
          and (select min(gr.received_at) from goods_receipts gr where gr.purchase_order_id = po.id) > :since
     )
     , carriage as (
       select o.transport_company_id = :company as carried from transport_requests tr
         join transport_offers o on o.id = tr.assigned_offer_id
         left join deliveries d on d.transport_request_id = tr.id
        where tr.status = 'delivered' and tr.deleted_at is null
          and (tr.requester_id = :company or o.transport_company_id = :company)
          and coalesce(d.delivered_at, tr.updated_at) > :since
     )
     select (select count(*) filter (where sold) from orders) as sold,
            (select count(*) filter (where carried) from carriage) as carried,
            (select count(*) from orders) + (select count(*) from carriage) as deals`,
    { company: companyId, since },
  );
  const card = await db('scorecards').where({ company_id: companyId, window: '12m' }).first('on_time_rate', 'fill_rate', 'rejection_rate', 'disputes_for_buyer');
  return {
    cr_verified: check?.result === 'verified',
    deals: Number(rows[0].deals),
    seller:
      Number(rows[0].sold) > 0 || Number(rows[0].carried) > 0
        ? {
            goods: Number(rows[0].sold) > 0,
            on_time_rate: figure(card?.on_time_rate),
            fill_rate: figure(card?.fill_rate),
            rejection_rate: figure(card?.rejection_rate),
            disputes_for_buyer: figure(card?.disputes_for_buyer),
          }
        : null,
  };
}

/** The tier `companyId` earns at `now` (the rule applied to what is on record). */
export async function earnedTierOf(db: Knex, companyId: string, now: Date): Promise<VerificationTier> {
  return earnedTier(await tierFactsOf(db, companyId, now));
}

/** Applies the rule to `companyId` at `now`; answers its tier. */
export async function recomputeTier(trx: Knex.Transaction, companyId: string, now: Date): Promise<VerificationTier | null> {
  const profile = await trx('profiles').where({ user_id: companyId }).forUpdate().first('verification_tier');
  if (!profile) return null;
  const before: VerificationTier = profile.verification_tier;
  const tier = await earnedTierOf(trx, companyId, now);
  if (tier === before) return tier;
  await trx('profiles').where({ user_id: companyId }).update({ verification_tier: tier });
  // The tier shows on the company's own profile and on every row it made.
  await recordChanges(trx, [{ entity: 'profile', id: companyId, audiences: profilePolicy.audiences({ user_id: companyId }) }, ...(await rowsOfUser(trx, companyId, 'upsert'))]);
  await notify(trx, { to: [companyId], kind: 'tier.changed', params: { tier, previous: before } });
  await recordAudit(trx, { actor: null, company_id: companyId, action: 'company.tier_change', record_type: 'company', record_id: companyId, changes: { verification_tier: [before, tier] } });
  return tier;
}
