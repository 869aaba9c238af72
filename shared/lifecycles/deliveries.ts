/**
 * A delivery's machine: the driver's steps in order (picked up, on the way, delivered with
 * a proof), then the requester's answer to the delivery: confirmed, or a problem reported,
 * which the requester may still confirm once it is settled.
 */
import type { Lifecycle } from '../lifecycle';

const DELIVERY_STAGES = ['assigned', 'picked_up', 'on_the_way', 'delivered', 'confirmed', 'problem'] as const;
export type DeliveryStage = (typeof DELIVERY_STAGES)[number];

export const deliveryLifecycle = {
  states: DELIVERY_STAGES,
  initial: 'assigned',
  terminal: ['confirmed'],
  transitions: [
    { from: ['assigned'], to: 'picked_up', actor: 'driver', action: 'picked_up' },
    { from: ['picked_up'], to: 'on_the_way', actor: 'driver', action: 'on_the_way' },
    { from: ['on_the_way'], to: 'delivered', actor: 'driver', action: 'delivered' },
    { from: ['delivered', 'problem'], to: 'confirmed', actor: 'requester', action: 'confirm' },
    { from: ['delivered'], to: 'problem', actor: 'requester', action: 'problem' },
  ],
} as const satisfies Lifecycle<DeliveryStage, 'driver' | 'requester'>;
