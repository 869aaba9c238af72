/**
 * The four plans (reference data from the migrations) as the API presents them: SAR
 * prices, VAT included, as they are charged (a price whose VAT no net amount reaches is a
 * halala less, shared/vat.ts chargeableGross, so what the page shows is what the card pays
 * and the tax invoice states), features as i18n keys, limits (999 = unlimited) and the
 * yearly saving the pricing page shows, computed from the two prices so it can never
 * disagree with them.
 */
import type { Knex } from 'knex';
import type { SubscriptionPlan } from '../../../shared/schemas/subscription';
import { notFound } from '../../../shared/errors';
import { chargeableGross } from '../../../shared/vat';
import { yearlySavingPercent } from '../../../shared/constants';

const COLUMNS = [
  'id',
  'name',
  'price_monthly',
  'price_yearly',
  'features',
  'max_products',
  'max_instant_orders',
  'priority_support',
  'sort',
];

type PlanRow = Omit<SubscriptionPlan, 'yearly_saving_percent'>;

const charged = (sar: number | string) => chargeableGross(Math.round(Number(sar) * 100)) / 100;

function presentPlan(row: PlanRow): SubscriptionPlan {
  const prices = { price_monthly: charged(row.price_monthly), price_yearly: charged(row.price_yearly) };
  return { ...row, ...prices, yearly_saving_percent: yearlySavingPercent(prices.price_monthly, prices.price_yearly) };
}

export async function listPlans(knex: Knex, ids?: string[]): Promise<SubscriptionPlan[]> {
  const q = knex('subscription_plans').select(COLUMNS).orderBy('sort');
  if (ids) q.whereIn('id', ids);
  return (await q).map(presentPlan);
}

export async function getPlan(knex: Knex, id: string): Promise<SubscriptionPlan> {
  const [plan] = await listPlans(knex, [id]);
  if (!plan) throw notFound('Plan');
  return plan;
}
