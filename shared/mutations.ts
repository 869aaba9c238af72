/**
 * The writes a client may queue offline: one table, name -> the
 * entity it writes and the schema of its args. The server's registry must define every
 * name (server/registry/sync.ts checks it at compile time) and the client's
 * outbox only accepts these names with these args.
 *
 * One id convention for args: `id` is the object the mutation creates or acts on. A
 * create carries the client-chosen id of its new row, required here (the REST route
 * accepts a create without one, but an offline create must name its row, so its
 * optimistic row and the server's are the same row). Mutations on the caller's own singleton
 * (subscription, profile) or on a set (notification.read_all) carry none. Other ids are named
 * after what they point to (project_id, bid_id, offer_id, ...).
 */
import { z } from 'zod';
import { bidCreateSchema, bidWithdrawArgsSchema } from './schemas/bid';
import {
  instantOrderAcceptArgsSchema,
  instantOrderCancelArgsSchema,
  instantOrderCreateSchema,
} from './schemas/instant-order';
import { instantOrderResponseCreateSchema } from './schemas/instant-order-response';
import { notificationReadAllArgsSchema, notificationReadArgsSchema } from './schemas/notification';
import { profileUpsertSchema } from './schemas/profile';
import { taxProfileInputSchema } from './schemas/tax-profile';
import { productCreateSchema, productDeleteArgsSchema, productUpdateArgsSchema } from './schemas/product';
import { photoRemoveArgsSchema, photoReorderArgsSchema } from './schemas/photo';
import {
  projectAwardArgsSchema,
  projectCloseBiddingArgsSchema,
  projectCreateSchema,
  projectOpenFinancialArgsSchema,
  projectStatusArgsSchema,
} from './schemas/project';
import { objectionAnswerArgsSchema, objectionCreateArgsSchema, technicalEvaluationArgsSchema } from './schemas/tender';
import { questionAnswerArgsSchema, questionAskArgsSchema } from './schemas/tender-question';
import { reviewCreateSchema } from './schemas/review';
import { freeTrialSchema } from './schemas/subscription';
import { transportOfferCreateSchema } from './schemas/transport-offer';
import {
  transportRequestAcceptArgsSchema,
  transportRequestCreateSchema,
  transportRequestStatusArgsSchema,
} from './schemas/transport-request';
import { uuidSchema } from './schemas/common';
import { disputeAcceptArgsSchema, disputeCreateArgsSchema, disputeRejectArgsSchema } from './schemas/dispute';
import {
  deliveryAssignArgsSchema,
  deliveryConfirmArgsSchema,
  deliveryProblemArgsSchema,
  deliveryStepArgsSchema,
} from './schemas/delivery';
import { rfqAwardArgsSchema, rfqCancelArgsSchema, rfqCreateSchema, rfqQuoteSubmitArgsSchema, rfqUpdateArgsSchema } from './schemas/rfq';
import { purchaseOrderActionArgsSchema } from './schemas/purchase-order';
import { goodsReceiptArgsSchema } from './schemas/goods-receipt';
import { siteApprovalRulesArgsSchema, siteCreateSchema } from './schemas/site';
import {
  purchaseRequestApproveArgsSchema,
  purchaseRequestCreateSchema,
  purchaseRequestInstantOrderArgsSchema,
  purchaseRequestRejectArgsSchema,
  purchaseRequestRfqArgsSchema,
} from './schemas/purchase-request';
import { paymentConfirmArgsSchema, paymentDisputeArgsSchema, paymentRecordArgsSchema, transferRecordSchema } from './schemas/payment';
import type { SyncEntity } from './sync';

/** A create's REST body with the id of its new row required (its refinements kept). */
function withId<S extends z.ZodObject>(schema: S): z.ZodType<z.output<S> & { id: string }, z.input<S> & { id: string }> {
  return schema.safeExtend({ id: uuidSchema }) as never;
}

interface MutationContract {
  /** The entity whose row `args.id` names (for singletons and sets: what they write). */
  entity: SyncEntity | 'review' | 'tender_question';
  schema: z.ZodType;
}

export const MUTATIONS = {
  'product.create': { entity: 'product', schema: withId(productCreateSchema) },
  'product.update': { entity: 'product', schema: productUpdateArgsSchema },
  'product.delete': { entity: 'product', schema: productDeleteArgsSchema },
  'product.photos.reorder': { entity: 'product', schema: photoReorderArgsSchema },
  'product.photos.remove': { entity: 'product', schema: photoRemoveArgsSchema },
  'review.create': { entity: 'review', schema: withId(reviewCreateSchema) },
  'project.create': { entity: 'project', schema: withId(projectCreateSchema) },
  'project.award': { entity: 'project', schema: projectAwardArgsSchema },
  'project.status': { entity: 'project', schema: projectStatusArgsSchema },
  'project.closeBidding': { entity: 'project', schema: projectCloseBiddingArgsSchema },
  /** a two-envelope tender's owner records the technical evaluation: POST /api/projects/{id}/technical-evaluation */
  'project.technicalEvaluation': { entity: 'project', schema: technicalEvaluationArgsSchema },
  /** then opens the financial envelopes of the bids that passed: POST /api/projects/{id}/open-financial */
  'project.openFinancial': { entity: 'project', schema: projectOpenFinancialArgsSchema },
  'objection.create': { entity: 'objection', schema: objectionCreateArgsSchema },
  'objection.answer': { entity: 'objection', schema: objectionAnswerArgsSchema },
  /** id: the new question's (client-chosen, so a replay is the same question); project_id: the tender asked. Read online (GET /api/projects/{id}/questions). */
  'tender_question.ask': { entity: 'tender_question', schema: questionAskArgsSchema },
  /** id: the question's; project_id: its tender. The owner only. */
  'tender_question.answer': { entity: 'tender_question', schema: questionAnswerArgsSchema },
  'bid.create': { entity: 'bid', schema: withId(bidCreateSchema) },
  'bid.withdraw': { entity: 'bid', schema: bidWithdrawArgsSchema },
  'instant_order.create': { entity: 'instant_order', schema: withId(instantOrderCreateSchema) },
  'instant_order.accept': { entity: 'instant_order', schema: instantOrderAcceptArgsSchema },
  'instant_order.cancel': { entity: 'instant_order', schema: instantOrderCancelArgsSchema },
  'instant_order_response.create': { entity: 'instant_order_response', schema: withId(instantOrderResponseCreateSchema) },
  'transport_request.create': { entity: 'transport_request', schema: withId(transportRequestCreateSchema) },
  'transport_request.accept': { entity: 'transport_request', schema: transportRequestAcceptArgsSchema },
  'transport_request.status': { entity: 'transport_request', schema: transportRequestStatusArgsSchema },
  'transport_offer.create': { entity: 'transport_offer', schema: withId(transportOfferCreateSchema) },
  'notification.read': { entity: 'notification', schema: notificationReadArgsSchema },
  'notification.read_all': { entity: 'notification', schema: notificationReadAllArgsSchema },
  'subscription.free_trial': { entity: 'subscription', schema: freeTrialSchema },
  'profile.save': { entity: 'profile', schema: profileUpsertSchema },
  /** the company's tax profile, carried in its profile row */
  'tax_profile.save': { entity: 'profile', schema: taxProfileInputSchema },
  /** id: the transport request's (a delivery is made by assigning its request). */
  'delivery.assign': { entity: 'delivery', schema: deliveryAssignArgsSchema },
  'delivery.step': { entity: 'delivery', schema: deliveryStepArgsSchema },
  'delivery.confirm': { entity: 'delivery', schema: deliveryConfirmArgsSchema },
  'delivery.problem': { entity: 'delivery', schema: deliveryProblemArgsSchema },
  'rfq.create': { entity: 'rfq', schema: withId(rfqCreateSchema) },
  'rfq.cancel': { entity: 'rfq', schema: rfqCancelArgsSchema },
  /** id: the RFQ's; the whole RFQ again, before the first quote. */
  'rfq.update': { entity: 'rfq', schema: rfqUpdateArgsSchema },
  /** id: the RFQ's; answers the purchase orders it made. */
  'rfq.award': { entity: 'rfq', schema: rfqAwardArgsSchema },
  /** id: the quote's (a revision resends it); rfq_id: the RFQ's. */
  'rfq_quote.submit': { entity: 'rfq_quote', schema: rfqQuoteSubmitArgsSchema },
  'purchase_order.accept': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  'purchase_order.decline': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  'purchase_order.cancel': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  'purchase_order.deliver': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  'purchase_order.close': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  /** id: the order's; cancels what is still open of each line. */
  'purchase_order.close_short': { entity: 'purchase_order', schema: purchaseOrderActionArgsSchema },
  /** id: the new receipt's (client-chosen, so a replay is the same receipt); purchase_order_id: the order it receives. */
  'goods_receipt.record': { entity: 'goods_receipt', schema: goodsReceiptArgsSchema },
  /** id: the new dispute's (client-chosen, so a replay is the same dispute); purchase_order_id: the order whose received lines it disputes. */
  'dispute.open': { entity: 'dispute', schema: disputeCreateArgsSchema },
  /** id: the dispute's; the seller's one answer. */
  'dispute.accept': { entity: 'dispute', schema: disputeAcceptArgsSchema },
  'dispute.reject': { entity: 'dispute', schema: disputeRejectArgsSchema },
  /** id: the new payment's (client-chosen, so a replay is the same payment); invoice_id: the invoice it pays, whose row carries it. */
  'payment.record': { entity: 'invoice', schema: paymentRecordArgsSchema },
  /** id: the payment's; invoice_id: its invoice, whose row carries it (a seller on a site with no signal answers too). */
  'payment.confirm': { entity: 'invoice', schema: paymentConfirmArgsSchema },
  'payment.dispute': { entity: 'invoice', schema: paymentDisputeArgsSchema },
  /** id: the transfer's (client-chosen); each allocation names its payment row's id, so the rows shown offline are the server's. */
  'payment.transfer': { entity: 'invoice', schema: transferRecordSchema },
  /** id: the new site's (client-chosen, so a replay is the same site); its budget lines' ids too. The owner only. */
  'site.create': { entity: 'site', schema: siteCreateSchema },
  /** id: the site's; its levels replace the rules (the owner only), and apply to the requests waiting. */
  'site.set_approval_rules': { entity: 'site', schema: siteApprovalRulesArgsSchema },
  /** id: the new request's (client-chosen, so a replay is the same request). */
  'purchase_request.create': { entity: 'purchase_request', schema: purchaseRequestCreateSchema },
  /** id: the request's; the caller's decision at its next level, by the rules when it arrives. */
  'purchase_request.approve': { entity: 'purchase_request', schema: purchaseRequestApproveArgsSchema },
  'purchase_request.reject': { entity: 'purchase_request', schema: purchaseRequestRejectArgsSchema },
  /** id: the new RFQ's (client-chosen, so a replay is the same RFQ); purchase_request_id: the approved request it is made from. */
  'purchase_request.rfq': { entity: 'rfq', schema: purchaseRequestRfqArgsSchema },
  /** id: the new instant order's (client-chosen); purchase_request_id: the approved one-line request it is made from. */
  'purchase_request.instant_order': { entity: 'instant_order', schema: purchaseRequestInstantOrderArgsSchema },
} as const satisfies Record<string, MutationContract>;

export type MutationName = keyof typeof MUTATIONS;

/** What the client sends (before defaults and trimming). */
export type MutationInput<N extends MutationName> = z.input<(typeof MUTATIONS)[N]['schema']>;
/** What the server's mutation receives after parsing. */
export type MutationArgs<N extends MutationName> = z.output<(typeof MUTATIONS)[N]['schema']>;

