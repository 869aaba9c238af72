/**
 * Every mutation's local effect, one table (the engine replays them; features write through
 * them), from one file per server module that owns the mutations (server/modules/<module>).
 */
import { deliveryEffects } from './deliveries';
import { disputeEffects } from './disputes';
import { instantOrderEffects } from './instant-orders';
import { notificationEffects } from './notifications';
import { paymentEffects } from './payments';
import { photoEffects } from './photos';
import { productEffects } from './products';
import { profileEffects } from './profiles';
import { projectEffects } from './projects';
import { questionEffects } from './tender-questions';
import { purchaseOrderEffects } from './purchase-orders';
import { purchaseRequestEffects } from './purchase-requests';
import { reviewEffects } from './reviews';
import { rfqEffects } from './rfqs';
import { siteEffects } from './sites';
import { subscriptionEffects } from './subscriptions';
import { transportEffects } from './transport';
import type { MutationName } from '../../../shared/mutations';
import type { SyncEntity } from '../../../shared/sync';
import type { EffectTable } from './types';

export const EFFECTS: EffectTable = {
  ...productEffects,
  ...photoEffects,
  ...reviewEffects,
  ...projectEffects,
  ...questionEffects,
  ...instantOrderEffects,
  ...transportEffects,
  ...notificationEffects,
  ...subscriptionEffects,
  ...profileEffects,
  ...deliveryEffects,
  ...rfqEffects,
  ...purchaseOrderEffects,
  ...disputeEffects,
  ...paymentEffects,
  ...siteEffects,
  ...purchaseRequestEffects,
};

/**
 * The entity tables each mutation's effect reads or writes: a local write's transaction
 * spans only these (and the engine's own tables), so it does not wait on reads of others.
 */
export const EFFECT_ENTITIES: { [N in MutationName]: readonly SyncEntity[] } = {
  'product.create': ['product', 'category'],
  'product.update': ['product', 'category'],
  'product.delete': ['product'],
  'product.photos.reorder': ['product'],
  'product.photos.remove': ['product'],
  'review.create': [],
  'project.create': ['project'],
  'project.award': ['project'],
  'project.status': ['project', 'bid'],
  'project.closeBidding': ['project'],
  'project.technicalEvaluation': ['project', 'technical_envelope'],
  'project.openFinancial': ['project'],
  'objection.create': ['objection', 'project', 'bid'],
  'objection.answer': ['objection', 'project'],
  'tender_question.ask': [],
  'tender_question.answer': [],
  'bid.create': ['bid', 'project'],
  'bid.withdraw': ['bid', 'project'],
  'instant_order.create': ['instant_order'],
  'instant_order.accept': ['instant_order', 'instant_order_response'],
  'instant_order.cancel': ['instant_order', 'instant_order_response'],
  'instant_order_response.create': ['instant_order_response', 'instant_order'],
  'transport_request.create': ['transport_request'],
  'transport_request.accept': ['transport_request', 'transport_offer'],
  'transport_request.status': ['transport_request'],
  'transport_offer.create': ['transport_offer', 'transport_request'],
  'notification.read': ['notification'],
  'notification.read_all': ['notification'],
  'subscription.free_trial': ['subscription', 'plan'],
  'profile.save': ['profile'],
  'tax_profile.save': ['profile'],
  'delivery.assign': ['delivery'],
  'delivery.step': ['delivery'],
  'delivery.confirm': ['delivery'],
  'delivery.problem': ['delivery'],
  'rfq.create': ['rfq'],
  'rfq.update': ['rfq'],
  'rfq.cancel': ['rfq', 'rfq_quote'],
  'rfq.award': ['rfq', 'rfq_quote'],
  'rfq_quote.submit': ['rfq_quote', 'rfq'],
  'purchase_order.accept': ['purchase_order'],
  'purchase_order.decline': ['purchase_order'],
  'purchase_order.cancel': ['purchase_order'],
  'purchase_order.deliver': ['purchase_order'],
  'purchase_order.close': ['purchase_order'],
  'purchase_order.close_short': ['purchase_order'],
  'goods_receipt.record': ['purchase_order', 'goods_receipt'],
  'dispute.open': ['purchase_order', 'dispute'],
  'dispute.accept': ['dispute'],
  'dispute.reject': ['dispute'],
  'payment.record': ['invoice'],
  'payment.transfer': ['invoice'],
  'payment.confirm': ['invoice'],
  'payment.dispute': ['invoice'],
  'site.create': ['site'],
  'site.set_approval_rules': ['site'],
  'purchase_request.create': ['site', 'purchase_request'],
  'purchase_request.approve': ['purchase_request', 'site'],
  'purchase_request.reject': ['purchase_request'],
  'purchase_request.rfq': ['rfq', 'purchase_request', 'site'],
  'purchase_request.instant_order': ['instant_order', 'purchase_request', 'site'],
};
