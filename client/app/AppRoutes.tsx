/**
 * The route table. Only the landing page is in the initial bundle;
 * every other screen is a lazy chunk, so the first page stays small.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LandingScreen } from '../features/landing/LandingScreen';
import { i18n } from '../i18n';
import type { Namespace } from '../i18n/languages';
import { PATHS } from '../paths';
import { ProtectedRoute } from './ProtectedRoute';
import { PublicLayout } from './PublicLayout';

/**
 * A lazy screen that can also be loaded ahead of its first render (preload): once loaded,
 * it renders at once instead of suspending, so a page painted from its pre-rendered copy
 * goes straight to the live page, with no spinner between them.
 */
function named<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K, namespaces?: Namespace[]) {
  let loaded: React.ComponentType | undefined;
  const code = () => load().then((module) => (loaded = module[name]));
  const Lazy = lazy<React.ComponentType>(() => {
    // A screen's strings load beside its code, not after it (one round trip less before it
    // paints). They are all the namespaces its components use (AppRoutes.test.ts checks): one
    // loaded later, when a card that needs it appears, would suspend the shown screen, and
    // React would hide it behind the spinner until the strings arrived.
    if (namespaces) void i18n.loadNamespaces(namespaces);
    return code().then((component) => ({ default: component }));
  });
  const Screen = () => {
    const Loaded: React.ComponentType = loaded ?? Lazy;
    return <Loaded />;
  };
  Screen.preload = () => Promise.all([code(), namespaces ? i18n.loadNamespaces(namespaces) : undefined]);
  return Screen;
}

// The signed-in layout brings the navigation bar, its drawer and badges: not for the landing page.
// With it, the error sentences (errors): any signed-in screen may show a refusal.
const AppLayout = named(() => import('./AppLayout'), 'AppLayout', ['errors']);
const ServicesScreen = named(() => import('../features/services/ServicesScreen'), 'ServicesScreen', ['services', 'products']);
const InfoScreen = named(() => import('../features/info/InfoScreen'), 'InfoScreen');
const AuthCallbackScreen = named(() => import('../features/auth/AuthCallbackScreen'), 'AuthCallbackScreen', ['account', 'errors']);
const SetupScreen = named(() => import('../features/setup/SetupScreen'), 'SetupScreen', ['account', 'errors']);
const DashboardScreen = named(() => import('../features/dashboard/DashboardScreen'), 'DashboardScreen', ['dashboard']);
const ProductsScreen = named(() => import('../features/products/ProductsScreen'), 'ProductsScreen', ['products', 'reviews', 'price-list', 'photos']);
const CompareScreen = named(() => import('../features/products/CompareScreen'), 'CompareScreen', ['products']);
const NotificationsScreen = named(() => import('../features/notifications/NotificationsScreen'), 'NotificationsScreen', ['notifications']);
const PricingScreen = named(() => import('../features/subscriptions/PricingScreen'), 'PricingScreen', ['pricing', 'payments']);
const ProfileScreen = named(() => import('../features/profile/ProfileScreen'), 'ProfileScreen', ['profile', 'account']);
const AdminScreen = named(() => import('../features/admin/AdminScreen'), 'AdminScreen', ['admin', 'purchase-orders', 'invoices', 'payments', 'audit']);
const ProjectsScreen = named(() => import('../features/projects/ProjectsScreen'), 'ProjectsScreen', ['projects', 'tender', 'transport', 'scorecards']);
const JobsScreen = named(() => import('../features/deliveries/JobsScreen'), 'JobsScreen', ['deliveries', 'transport', 'reviews']);
const SyncCentreScreen = named(() => import('../features/sync-centre/SyncCentreScreen'), 'SyncCentreScreen', ['sync']);
const InstantOrdersScreen = named(() => import('../features/instant-orders/InstantOrdersScreen'), 'InstantOrdersScreen', ['orders', 'transport']);
const RfqsScreen = named(() => import('../features/rfqs/RfqsScreen'), 'RfqsScreen', ['rfqs', 'sync', 'price-list', 'purchase-requests', 'scorecards']);
const QuotesScreen = named(() => import('../features/quotes/QuotesScreen'), 'QuotesScreen', ['quotes']);
const PurchaseOrdersScreen = named(() => import('../features/purchase-orders/PurchaseOrdersScreen'), 'PurchaseOrdersScreen', ['purchase-orders', 'transport', 'invoices', 'payments', 'receipts', 'disputes', 'deliveries', 'reviews']);
const SitesScreen = named(() => import('../features/sites/SitesScreen'), 'SitesScreen', ['sites', 'rfqs', 'price-list', 'sync']);
const PurchaseRequestsScreen = named(() => import('../features/purchase-requests/PurchaseRequestsScreen'), 'PurchaseRequestsScreen', ['purchase-requests', 'sites', 'sync', 'purchase-orders', 'orders']);
const DisputesScreen = named(() => import('../features/disputes/DisputesScreen'), 'DisputesScreen', ['disputes', 'receipts', 'purchase-orders', 'deliveries']);
const InvoicesScreen = named(() => import('../features/invoices/InvoicesScreen'), 'InvoicesScreen', ['invoices', 'payments', 'deliveries']);
const StatementsScreen = named(() => import('../features/payments/StatementsScreen'), 'StatementsScreen', ['payments', 'deliveries', 'invoices']);
const TransportScreen = named(() => import('../features/transport/TransportScreen'), 'TransportScreen', ['transport', 'deliveries', 'reviews', 'receipts', 'scorecards']);
const CompanyScreen = named(() => import('../features/company/CompanyScreen'), 'CompanyScreen', ['company', 'scorecards']);
const TaxScreen = named(() => import('../features/company/TaxScreen'), 'TaxScreen', ['company', 'payments']);
const AuditScreen = named(() => import('../features/company/AuditScreen'), 'AuditScreen', ['audit']);
const CompanyReviewsScreen = named(() => import('../features/reviews/CompanyReviewsScreen'), 'CompanyReviewsScreen', ['reviews', 'scorecards']);
const InviteScreen = named(() => import('../features/company/InviteScreen'), 'InviteScreen', ['company']);
const NotFoundScreen = named(() => import('../features/info/NotFoundScreen'), 'NotFoundScreen');

/** Loads the screen of a pre-rendered page before the first render (main.tsx), so it replaces its copy directly. */
export function preloadScreenOf(pathname: string): Promise<unknown> {
  return pathname === PATHS.services ? ServicesScreen.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={PATHS.home} element={<LandingScreen />} />
        <Route path={PATHS.services} element={<ServicesScreen />} />
        <Route path={`${PATHS.info}/:topic`} element={<InfoScreen />} />
      </Route>
      <Route path={PATHS.authCallback} element={<AuthCallbackScreen />} />
      {/* Public: an invite link works signed out (sign in, then back here). */}
      <Route path={`${PATHS.invite}/:token`} element={<InviteScreen />} />
      <Route element={<ProtectedRoute />}>
        <Route path={PATHS.setup} element={<SetupScreen />} />
        <Route element={<AppLayout />}>
          <Route path={PATHS.dashboard} element={<DashboardScreen />} />
          <Route path={PATHS.products} element={<ProductsScreen />} />
          <Route path={PATHS.compare} element={<CompareScreen />} />
          <Route path={PATHS.notifications} element={<NotificationsScreen />} />
          <Route path={PATHS.pricing} element={<PricingScreen />} />
          <Route path={PATHS.profile} element={<ProfileScreen />} />
          <Route path={PATHS.instantOrders} element={<InstantOrdersScreen />} />
          <Route path={`${PATHS.rfqs}/:id?`} element={<RfqsScreen />} />
          <Route path={`${PATHS.quotes}/:id?`} element={<QuotesScreen />} />
          <Route path={`${PATHS.purchaseOrders}/:id?`} element={<PurchaseOrdersScreen />} />
          <Route path={`${PATHS.disputes}/:id?`} element={<DisputesScreen />} />
          <Route path={`${PATHS.sites}/:id?`} element={<SitesScreen />} />
          <Route path={`${PATHS.purchaseRequests}/:id?`} element={<PurchaseRequestsScreen />} />
          <Route path={`${PATHS.invoices}/:id?`} element={<InvoicesScreen />} />
          <Route path={PATHS.statements} element={<StatementsScreen />} />
          <Route path={PATHS.transport} element={<TransportScreen />} />
          <Route path={PATHS.jobs} element={<JobsScreen />} />
          <Route path={PATHS.admin} element={<AdminScreen />} />
          <Route path={PATHS.syncCentre} element={<SyncCentreScreen />} />
          <Route path={PATHS.projects} element={<ProjectsScreen />} />
          <Route path={PATHS.company} element={<CompanyScreen />} />
          <Route path={`${PATHS.companyPage}/:id`} element={<CompanyReviewsScreen />} />
          <Route path={PATHS.companyTax} element={<TaxScreen />} />
          <Route path={PATHS.companyAudit} element={<AuditScreen />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
