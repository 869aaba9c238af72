/**
 * The machines of transport: a request for a truck, open for offers while pending, carried
 * by the company whose offer the requester accepted; and the companies' offers on it.
 */
import type { Lifecycle } from '../lifecycle';

const TRANSPORT_REQUEST_STATES = ['pending', 'assigned', 'in_transit', 'delivered', 'cancelled'] as const;
export type TransportRequestStatus = (typeof TRANSPORT_REQUEST_STATES)[number];

export const transportRequestLifecycle: Lifecycle<TransportRequestStatus> = {
  states: TRANSPORT_REQUEST_STATES,
  initial: 'pending',
  terminal: ['delivered', 'cancelled'],
  openFor: 'pending',
  transitions: [
    { from: ['pending'], to: 'assigned', actor: 'owner', action: 'accept' },
    { from: ['assigned'], to: 'in_transit', actor: 'assignee', action: 'start_transit' },
    { from: ['in_transit'], to: 'delivered', actor: 'assignee', action: 'deliver' },
    { from: ['pending', 'assigned'], to: 'cancelled', actor: 'owner', action: 'cancel' },
    // The driver carrying it was removed from the company: the job is the company's to give again.
    { from: ['in_transit'], to: 'assigned', actor: 'system', action: 'remove_driver', cascade: true },
  ],
};

const TRANSPORT_OFFER_STATES = ['submitted', 'accepted', 'rejected'] as const;
export type TransportOfferStatus = (typeof TRANSPORT_OFFER_STATES)[number];

export const transportOfferLifecycle: Lifecycle<TransportOfferStatus> = {
  states: TRANSPORT_OFFER_STATES,
  initial: 'submitted',
  terminal: ['accepted', 'rejected'],
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'accept' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'accept', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
  ],
};
