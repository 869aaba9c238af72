/**
 * Every client route. Also read by the service worker, which serves
 * the app shell only for these navigations, so this file must import nothing.
 */
export const PATHS = {
  home: '/',
  services: '/services',
  info: '/info',
  authCallback: '/auth/callback',
  setup: '/setup',
  dashboard: '/dashboard',
  products: '/products',
  /** Products side by side: /products/compare?ids=a,b (from the local copy, offline too). */
  compare: '/products/compare',
  projects: '/projects',
  instantOrders: '/instant-orders',
  /** A contractor's requests for quotation: /rfqs, /rfqs/new (the builder), /rfqs/{id} (comparison and award). */
  rfqs: '/rfqs',
  /** A supplier's requests for quotation; /quotes/{rfqId} is their quote on one. */
  quotes: '/quotes',
  /** Purchase orders as buyer or seller; /purchase-orders/{id} is one order. */
  purchaseOrders: '/purchase-orders',
  /** A contractor's construction sites, their budgets and approval rules: /sites, /sites/new (owner), /sites/{id}. */
  sites: '/sites',
  /** A site's purchase requests and their approvals: /purchase-requests (?site_id=), /purchase-requests/new (?site_id=), /purchase-requests/{id}. */
  purchaseRequests: '/purchase-requests',
  /** Disputes on purchase orders, as buyer or seller (a tab of the orders screen); /disputes/{id} is one dispute. */
  disputes: '/disputes',
  /** Tax invoices and credit notes, issued and received; /invoices/{id} is one document. */
  invoices: '/invoices',
  /** Statements of account per counterparty company, with the running balance. */
  statements: '/statements',
  transport: '/transport',
  notifications: '/notifications',
  admin: '/admin',
  pricing: '/pricing',
  syncCentre: '/sync',
  profile: '/profile',
  company: '/company',
  /** The company's tax profile (its default payment terms among it) and, for a supplier, its ZATCA onboarding. */
  companyTax: '/company/tax',
  /** The owner's part of the audit trail: who did what to the company's money, documents, tenders, approvals and team. */
  companyAudit: '/company/audit',
  /** A driver's deliveries (features/deliveries); a driver's home instead of the dashboard. */
  jobs: '/jobs',
  /** A company's reviews: /companies/{id}?name=… (its published deal reviews, then those from before verified reviews). */
  companyPage: '/companies',
  /** An invite link: /invite/{token}, public (it works signed out). */
  invite: '/invite',
} as const;

/** Pages of the footer links, shown by the info screen at /info/:topic. */
export const INFO_TOPICS = ['privacy', 'terms', 'about', 'contact', 'support', 'faq'] as const;
export type InfoTopic = (typeof INFO_TOPICS)[number];

/** Navigations the service worker answers with index.html when offline. */
export const SHELL_ROUTE_PATTERN = new RegExp(
  `^(${Object.values(PATHS)
    .filter((p) => p !== '/')
    .map((p) => p.replace(/[-/]/g, '\\$&'))
    .join('|')})(/.*)?$|^/$`,
);
