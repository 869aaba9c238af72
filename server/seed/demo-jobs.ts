/**
 * A demo job on its way, inserted with the deal it moves as the services leave each
 * step: the order fulfilled by the accepted offer, the transport request assigned to the
 * accepted quote and in transit since the pickup, the delivery at its driver's last step,
 * and an event for every step. Apart from demo.ts because it is one deal's whole story.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { instantOrderExpiry } from '../../shared/instant-order-expiry';
import { saudiPhoneSchema } from '../../shared/schemas/common';
import type { DemoJob } from './demo-logistics';
import { HOUR_MS } from './demo-time';

/**
 * A job on its way, with the deal it moves, as the services leave each step: the order
 * fulfilled by the accepted offer (the other offers none), the transport request
 * assigned to the accepted quote and in transit since the pickup, the delivery at its
 * driver's last step, and an event for every step.
 */
export async function insertJob(
  trx: Knex.Transaction,
  job: DemoJob,
  ids: { at: (offsetMs: number) => Date; companyId: (key: string) => string; personId: (key: string) => string },
): Promise<void> {
  const { at, companyId, personId } = ids;
  const [orderId, responseId, requestId, quoteId, deliveryId] = Array.from({ length: 5 }, () => crypto.randomUUID());
  const contractor = companyId(job.order.contractor);
  const supplier = companyId(job.offer.supplier);
  const carrier = companyId(job.quote.company);
  const placed = -job.order.placedHoursAgo * HOUR_MS;
  await trx('instant_orders').insert({
    id: orderId,
    contractor_id: contractor,
    title: job.order.title,
    description: job.order.description,
    quantity: job.order.quantity,
    unit: job.order.unit,
    location: job.order.location,
    urgency_level: job.order.urgency,
    expires_at: instantOrderExpiry(at(placed)),
    status: 'fulfilled',
    created_at: at(placed),
  });
  await trx('instant_order_responses').insert({
    id: responseId,
    instant_order_id: orderId,
    supplier_id: supplier,
    created_by: supplier,
    offered_price: job.offer.price,
    delivery_time_hours: job.offer.hours,
    notes: job.offer.notes,
    status: 'accepted',
    created_at: at(placed + 2 * HOUR_MS),
  });
  await trx('instant_orders').where({ id: orderId }).update({ accepted_response_id: responseId });

  const steps = [...job.steps];
  const pickedUp = steps.find((s) => s.step === 'picked_up');
  await trx('transport_requests').insert({
    id: requestId,
    requester_id: contractor,
    created_by: contractor,
    instant_order_id: orderId,
    pickup_location: job.transport.pickup,
    delivery_location: job.transport.delivery,
    cargo_description: job.transport.cargo,
    cargo_weight: job.transport.weightKg,
    vehicle_type_required: job.transport.vehicle,
    budget: job.transport.budget,
    // Through the shared phone rule, as the request form sends them: stored in E.164.
    pickup_contact_name: job.transport.pickupContact.name,
    pickup_contact_phone: saudiPhoneSchema.parse(job.transport.pickupContact.phone),
    delivery_contact_name: job.transport.deliveryContact.name,
    delivery_contact_phone: saudiPhoneSchema.parse(job.transport.deliveryContact.phone),
    preferred_pickup_time: at(-job.assignedHoursAgo * HOUR_MS + HOUR_MS),
    preferred_delivery_time: at(3 * HOUR_MS),
    status: pickedUp ? 'in_transit' : 'assigned',
    created_at: at(placed + 3 * HOUR_MS),
  });
  await trx('transport_offers').insert({
    id: quoteId,
    transport_request_id: requestId,
    transport_company_id: carrier,
    created_by: carrier,
    quoted_price: job.quote.price,
    estimated_pickup_time: at(-(pickedUp?.hoursAgo ?? 0) * HOUR_MS),
    estimated_delivery_time: at(2 * HOUR_MS),
    vehicle_details: job.quote.vehicle,
    notes: job.quote.notes,
    status: 'accepted',
    created_at: at(placed + 4 * HOUR_MS),
  });
  await trx('transport_requests').where({ id: requestId }).update({ assigned_offer_id: quoteId });

  const driver = personId(job.driver);
  const assignedAt = at(-job.assignedHoursAgo * HOUR_MS);
  await trx('deliveries').insert({
    id: deliveryId,
    transport_request_id: requestId,
    company_id: carrier,
    driver_id: driver,
    vehicle_plate: job.plate,
    stage: steps.at(-1)?.step ?? 'assigned',
    assigned_by: carrier,
    assigned_at: assignedAt,
    created_at: assignedAt,
  });
  await trx('delivery_events').insert([
    { id: crypto.randomUUID(), delivery_id: deliveryId, step: 'assigned', at: assignedAt, recorded_at: assignedAt, actor_id: carrier },
    ...steps.map((s) => ({
      id: crypto.randomUUID(),
      delivery_id: deliveryId,
      step: s.step,
      at: at(-s.hoursAgo * HOUR_MS),
      recorded_at: at(-s.hoursAgo * HOUR_MS),
      actor_id: driver,
      lat: s.lat,
      lng: s.lng,
      accuracy: 15,
    })),
  ]);
}
