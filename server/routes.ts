/**
 * The API's routers, one per area (server/modules/<area>/routes.ts), mounted in one place
 * (all but the health check, which app.ts mounts ahead of sessions and rate limits).
 */
import Router from '@koa/router';
import { profilesRouter } from './modules/profiles/routes';
import { openApiRouter } from './modules/openapi/routes';
import { dataExportRouter } from './modules/data-export/routes';
import { syncRouter } from './modules/sync/routes';
import { accountRouter } from './modules/account/routes';
import { transportRouter } from './modules/transport/routes';
import { notificationsRouter } from './modules/notifications/routes';
import { subscriptionsRouter } from './modules/subscriptions/routes';
import { quickSignupRouter } from './modules/quick-signup/routes';
import { adminRouter } from './modules/admin/routes';
import { adminSuspensionRouter } from './modules/admin/suspension-routes';
import { projectsRouter } from './modules/projects/routes';
import { projectDocumentsRouter } from './modules/projects/documents-routes';
import { tenderEnvelopesRouter } from './modules/projects/tender-envelopes-routes';
import { instantOrdersRouter } from './modules/instant-orders/routes';
import { categoriesRouter } from './modules/categories/routes';
import { productsRouter } from './modules/products/routes';
import { photosRouter } from './modules/photos/routes';
import { reviewsRouter } from './modules/reviews/routes';
import { ocdsRouter } from './modules/ocds/routes';
import { liveRouter } from './modules/live/routes';
import { pushRouter } from './modules/push/routes';
import { companyRouter } from './modules/company/routes';
import { commercialRegisterRouter } from './modules/commercial-register/routes';
import { tiersRouter } from './modules/tiers/routes';
import { deliveriesRouter } from './modules/deliveries/routes';
import { rfqsRouter } from './modules/rfqs/routes';
import { scorecardsRouter } from './modules/scorecards/routes';
import { purchaseOrdersRouter } from './modules/purchase-orders/routes';
import { goodsReceiptsRouter } from './modules/goods-receipts/routes';
import { disputesRouter } from './modules/disputes/routes';
import { sitesRouter } from './modules/sites/routes';
import { purchaseRequestsRouter } from './modules/purchase-requests/routes';
import { einvoicingRouter } from './modules/e-invoicing/routes';
import { invoicesRouter } from './modules/invoices/routes';
import { invoicePdfRouter } from './modules/invoices/pdf-routes';
import { paymentsRouter } from './modules/payments/routes';
import { cardPaymentsRouter } from './modules/payments/card-routes';
import { cardGatewayRouter } from './modules/card-gateway/routes';
import { CARD_PURPOSES } from './registry/card-purposes';
import { syncRegistry } from './registry/sync';
import { PRODUCT_DELETION } from './registry/product-deletion';
import { dropDeliveryOfCancelled } from './modules/deliveries/cancel';

export function apiRouter(): Router {
  const api = new Router();
  const routers = [
    profilesRouter(),
    transportRouter(dropDeliveryOfCancelled),
    deliveriesRouter(),
    notificationsRouter(),
    subscriptionsRouter(),
    quickSignupRouter(),
    adminRouter(),
    adminSuspensionRouter(),
    projectsRouter(),
    projectDocumentsRouter(),
    tenderEnvelopesRouter(),
    instantOrdersRouter(),
    rfqsRouter(),
    purchaseOrdersRouter(),
    goodsReceiptsRouter(),
    disputesRouter(),
    sitesRouter(),
    purchaseRequestsRouter(),
    invoicesRouter(),
    invoicePdfRouter(),
    paymentsRouter(),
    cardPaymentsRouter(),
    cardGatewayRouter(CARD_PURPOSES),
    categoriesRouter(),
    productsRouter(PRODUCT_DELETION),
    photosRouter(),
    reviewsRouter(),
    scorecardsRouter(),
    ocdsRouter(),
    syncRouter(syncRegistry),
    liveRouter(),
    pushRouter(),
    companyRouter(),
    commercialRegisterRouter(),
    tiersRouter(),
    einvoicingRouter(),
    dataExportRouter(),
    accountRouter(),
    openApiRouter(),
  ];
  for (const r of routers) api.use(r.routes(), r.allowedMethods());
  return api;
}
