/**
 * The migrations, imported statically so that tsx, vitest and the benchmarks all run them
 * without a TypeScript loader for knex's dynamic import (see server/db/migrate.ts). A new
 * migration is a new file here and a new line below; the names sort in the order they run.
 */
import type { Knex } from 'knex';
import * as m1 from './20261122000001_extensions';
import * as m2 from './20261122000002_functions';
import * as m3 from './20261122000004_users';
import * as m4 from './20261122000005_profiles';
import * as m5 from './20261122000006_sessions';
import * as m6 from './20261122000007_login_codes';
import * as m7 from './20261122000008_categories';
import * as m8 from './20261122000009_categories_reference';
import * as m9 from './20261122000010_subscription_plans';
import * as m10 from './20261122000011_subscription_plans_reference';
import * as m11 from './20261122000012_subscriptions';
import * as m12 from './20261122000013_products';
import * as m13 from './20261122000014_projects';
import * as m14 from './20261122000015_bids';
import * as m15 from './20261122000016_instant_orders';
import * as m16 from './20261122000017_instant_order_responses';
import * as m17 from './20261122000018_transport_requests';
import * as m18 from './20261122000019_transport_offers';
import * as m19 from './20261122000020_reviews';
import * as m20 from './20261122000021_notifications';
import * as m21 from './20261122000022_registration_requests';
import * as m22 from './20261122000023_sync_clients';
import * as m23 from './20261122000024_changes';
import * as m24 from './20261122000025_catalogue_state';
import * as m25 from './20261122000026_rate_limits';
import * as sealedTendering from './20261125000010_sealed_tendering';
import * as m26 from './20261125000020_product_photos';
import * as m30 from './20261125000030_product_stock';
import * as m31 from './20261125000031_product_imports';
import * as live40 from './20261125000040_live_signals';
import * as push41 from './20261125000041_push';
import * as teams50 from './20261126000010_company_teams';
import * as deliveries51 from './20261126000020_deliveries';
import * as pushPlan52 from './20261126000030_push_queue_plan';
import * as unfinishedUploads53 from './20261127000300_unfinished_uploads';
import * as rfqs54 from './20261128000010_rfqs';
import * as transportPurchaseOrders55 from './20261128000020_transport_purchase_orders';
import * as taxProfiles56 from './20261128000100_company_tax_profiles';
import * as einvoicingUnits57 from './20261128000110_einvoicing_units';
import * as invoices58 from './20261128000200_invoices';
import * as instantOrderCategory59 from './20261128000300_instant_order_category';
import * as payments60 from './20261128000400_payments';
import * as cardCheckouts61 from './20261128000500_card_checkouts';
import * as planPayments62 from './20261128000600_plan_payments';
import * as sellerPaymentTerms63 from './20261128000700_seller_payment_terms';
import * as paymentReceipts64 from './20261128000710_payment_receipts';
import * as paymentTransfers65 from './20261128000720_payment_transfers';
import * as simplifiedInvoices66 from './20261128000800_simplified_invoices';
import * as planInvoices67 from './20261128000810_plan_invoices';
import * as cardRefunds68 from './20261128000900_card_refunds';
import * as clearanceQueue69 from './20261201000100_clearance_queue';
import * as invoicePdfs70 from './20261201000400_invoice_pdfs';
import * as vatExemptions71 from './20261201000600_vat_exemptions';
import * as taxNumbersUnique72 from './20261201000700_tax_numbers_unique';
import * as notificationTypes73 from './20261201000810_notification_types';
import * as purchaseOrderNotes74 from './20261201000950_purchase_order_notes';
import * as transportContacts75 from './20261201001200_transport_contacts';
import * as guideSeen76 from './20261201001300_guide_seen';
import * as goodsReceipts77 from './20261202000100_goods_receipts';
import * as orderPhotos78 from './20261202000200_order_photos';
import * as receivedSums79 from './20261202000300_received_sums';
import * as sites80 from './20261202000400_sites';
import * as purchaseRequestNotifications81 from './20261202000410_purchase_request_notifications';
import * as siteOrders82 from './20261203000100_site_orders';
import * as accountExports84 from './20261203000400_account_exports';
import * as retention85 from './20261203000500_retention';
import * as auditLog86 from './20261203000600_audit_log';
import * as scorecards87 from './20261203001000_scorecards';
import * as dealReviews88 from './20261203001100_deal_reviews';
import * as crVerifications89 from './20261203001200_cr_verifications';
import * as tenderQuestions90 from './20261203001300_tender_questions';
import * as projectDocuments91 from './20261206210000_project_documents';
import * as companySuspensions91 from './20261206110000_company_suspensions';
import * as scorecardQueue92 from './20261206213000_scorecard_queue';
import * as projectDeadlineAt93 from './20261206220000_project_deadline_at';
import * as transportScorecards94 from './20261206223000_transport_scorecards';
import * as twoEnvelopes95 from './20261207140000_two_envelopes';

export const migrations: Record<string, Knex.Migration> = {
  '20261122000001_extensions': m1,
  '20261122000002_functions': m2,
  '20261122000004_users': m3,
  '20261122000005_profiles': m4,
  '20261122000006_sessions': m5,
  '20261122000007_login_codes': m6,
  '20261122000008_categories': m7,
  '20261122000009_categories_reference': m8,
  '20261122000010_subscription_plans': m9,
  '20261122000011_subscription_plans_reference': m10,
  '20261122000012_subscriptions': m11,
  '20261122000013_products': m12,
  '20261122000014_projects': m13,
  '20261122000015_bids': m14,
  '20261122000016_instant_orders': m15,
  '20261122000017_instant_order_responses': m16,
  '20261122000018_transport_requests': m17,
  '20261122000019_transport_offers': m18,
  '20261122000020_reviews': m19,
  '20261122000021_notifications': m20,
  '20261122000022_registration_requests': m21,
  '20261122000023_sync_clients': m22,
  '20261122000024_changes': m23,
  '20261122000025_catalogue_state': m24,
  '20261122000026_rate_limits': m25,
  '20261125000010_sealed_tendering': sealedTendering,
  '20261125000020_product_photos': m26,
  '20261125000030_product_stock': m30,
  '20261125000031_product_imports': m31,
  '20261125000040_live_signals': live40,
  '20261125000041_push': push41,
  '20261126000010_company_teams': teams50,
  '20261126000020_deliveries': deliveries51,
  '20261126000030_push_queue_plan': pushPlan52,
  '20261127000300_unfinished_uploads': unfinishedUploads53,
  '20261128000010_rfqs': rfqs54,
  '20261128000020_transport_purchase_orders': transportPurchaseOrders55,
  '20261128000100_company_tax_profiles': taxProfiles56,
  '20261128000110_einvoicing_units': einvoicingUnits57,
  '20261128000200_invoices': invoices58,
  '20261128000300_instant_order_category': instantOrderCategory59,
  '20261128000400_payments': payments60,
  '20261128000500_card_checkouts': cardCheckouts61,
  '20261128000600_plan_payments': planPayments62,
  '20261128000700_seller_payment_terms': sellerPaymentTerms63,
  '20261128000710_payment_receipts': paymentReceipts64,
  '20261128000720_payment_transfers': paymentTransfers65,
  '20261128000800_simplified_invoices': simplifiedInvoices66,
  '20261128000810_plan_invoices': planInvoices67,
  '20261128000900_card_refunds': cardRefunds68,
  '20261201000100_clearance_queue': clearanceQueue69,
  '20261201000400_invoice_pdfs': invoicePdfs70,
  '20261201000600_vat_exemptions': vatExemptions71,
  '20261201000700_tax_numbers_unique': taxNumbersUnique72,
  '20261201000810_notification_types': notificationTypes73,
  '20261201000950_purchase_order_notes': purchaseOrderNotes74,
  '20261201001200_transport_contacts': transportContacts75,
  '20261201001300_guide_seen': guideSeen76,
  '20261202000100_goods_receipts': goodsReceipts77,
  '20261202000200_order_photos': orderPhotos78,
  '20261202000300_received_sums': receivedSums79,
  '20261202000400_sites': sites80,
  '20261202000410_purchase_request_notifications': purchaseRequestNotifications81,
  '20261203000100_site_orders': siteOrders82,
  '20261203000400_account_exports': accountExports84,
  '20261203000500_retention': retention85,
  '20261203000600_audit_log': auditLog86,
  '20261203001000_scorecards': scorecards87,
  '20261203001100_deal_reviews': dealReviews88,
  '20261203001200_cr_verifications': crVerifications89,
  '20261203001300_tender_questions': tenderQuestions90,
  '20261206110000_company_suspensions': companySuspensions91,
  '20261206210000_project_documents': projectDocuments91,
  '20261206213000_scorecard_queue': scorecardQueue92,
  '20261206220000_project_deadline_at': projectDeadlineAt93,
  '20261206223000_transport_scorecards': transportScorecards94,
  '20261207140000_two_envelopes': twoEnvelopes95,
};
