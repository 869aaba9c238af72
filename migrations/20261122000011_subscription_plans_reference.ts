/**
 * The four plans. Prices in SAR; the yearly price is round(monthly * 12 * 0.83), the 17%
 * saving the pricing page shows. `features` are i18n keys the client translates
 * (plan_feature.*). 999 means unlimited.
 */
import type { Knex } from 'knex';

const yearly = (monthly: number): number => Math.round(monthly * 12 * 0.83);

const PLANS = [
  {
    id: 'free',
    name: 'Free',
    price_monthly: 0,
    max_products: 10,
    max_instant_orders: 3,
    priority_support: false,
    features: [
      'plan_feature.products_10',
      'plan_feature.instant_orders_3',
      'plan_feature.catalogue_listing',
      'plan_feature.email_support',
    ],
  },
  {
    id: 'basic',
    name: 'Basic',
    price_monthly: 99,
    max_products: 50,
    max_instant_orders: 20,
    priority_support: false,
    features: [
      'plan_feature.products_50',
      'plan_feature.instant_orders_20',
      'plan_feature.catalogue_listing',
      'plan_feature.email_support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    price_monthly: 299,
    max_products: 999,
    max_instant_orders: 100,
    priority_support: true,
    features: [
      'plan_feature.products_unlimited',
      'plan_feature.instant_orders_100',
      'plan_feature.featured_listing',
      'plan_feature.analytics',
      'plan_feature.priority_support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_monthly: 799,
    max_products: 999,
    max_instant_orders: 999,
    priority_support: true,
    features: [
      'plan_feature.products_unlimited',
      'plan_feature.instant_orders_unlimited',
      'plan_feature.featured_listing',
      'plan_feature.analytics',
      'plan_feature.priority_support',
      'plan_feature.dedicated_manager',
    ],
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex('subscription_plans').insert(
    PLANS.map((p, i) => ({
      ...p,
      price_yearly: yearly(p.price_monthly),
      features: JSON.stringify(p.features),
      sort: (i + 1) * 10,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('subscription_plans')
    .whereIn(
      'id',
      PLANS.map((p) => p.id),
    )
    .delete();
}
