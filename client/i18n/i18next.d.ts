/**
 * Translation keys are typed from the Arabic locale, the source language: `t('ns:key')`
 * with a key the Arabic JSON lacks fails the type check. locales.test.ts holds English
 * and Chinese to the same keys, so the Arabic shape stands for all three.
 */
import 'i18next';
import type { Namespace } from './languages';

/** The Arabic JSON of each namespace (EveryNamespace fails the check if NAMESPACES gains one). */
type ArabicResources = {
  common: typeof import('./locales/ar/common.json');
  landing: typeof import('./locales/ar/landing.json');
  services: typeof import('./locales/ar/services.json');
  account: typeof import('./locales/ar/account.json');
  sync: typeof import('./locales/ar/sync.json');
  projects: typeof import('./locales/ar/projects.json');
  orders: typeof import('./locales/ar/orders.json');
  transport: typeof import('./locales/ar/transport.json');
  deliveries: typeof import('./locales/ar/deliveries.json');
  products: typeof import('./locales/ar/products.json');
  reviews: typeof import('./locales/ar/reviews.json');
  notifications: typeof import('./locales/ar/notifications.json');
  dashboard: typeof import('./locales/ar/dashboard.json');
  pricing: typeof import('./locales/ar/pricing.json');
  profile: typeof import('./locales/ar/profile.json');
  admin: typeof import('./locales/ar/admin.json');
  tender: typeof import('./locales/ar/tender.json');
  photos: typeof import('./locales/ar/photos.json');
  'price-list': typeof import('./locales/ar/price-list.json');
  live: typeof import('./locales/ar/live.json');
  company: typeof import('./locales/ar/company.json');
  rfqs: typeof import('./locales/ar/rfqs.json');
  quotes: typeof import('./locales/ar/quotes.json');
  'purchase-orders': typeof import('./locales/ar/purchase-orders.json');
  invoices: typeof import('./locales/ar/invoices.json');
  payments: typeof import('./locales/ar/payments.json');
  receipts: typeof import('./locales/ar/receipts.json');
  disputes: typeof import('./locales/ar/disputes.json');
  sites: typeof import('./locales/ar/sites.json');
  'purchase-requests': typeof import('./locales/ar/purchase-requests.json');
  audit: typeof import('./locales/ar/audit.json');
  scorecards: typeof import('./locales/ar/scorecards.json');
  errors: typeof import('./locales/ar/errors.json');
};

type EveryNamespace<T extends Record<Namespace, unknown>> = T;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EveryNamespace<ArabicResources>;
  }
}
