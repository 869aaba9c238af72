/**
 * Pure helpers of the delivery screens: the maps and phone links, whom to call at each
 * end, which deliveries are still under way, the cargo line of a request made from an order,
 * and the driver's choice to share the location (remembered on this device for that driver).
 */
import { nextDriverStep, type Delivery, type DeliveryLocation, type DeliveryStage } from '../../../shared/schemas/delivery';
import { readPersonal, writePersonal } from '../../data/session/personalData';

/** A job the driver still has to move (the rest are listed as done). */
export const isUnderWay = (stage: DeliveryStage) => nextDriverStep(stage) !== null;

/** Google Maps' search link for an address (opens the app on a phone). */
export const mapsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The same link for a recorded position. */
export const mapsUrlAt = (location: Pick<DeliveryLocation, 'lat' | 'lng'>) => mapsUrl(`${location.lat},${location.lng}`);

/** A tel: link: digits and a leading + only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

type Contact = { name: string | null; phone: string | null };

/**
 * Whom the driver calls at each end, as the server names them (the request's contacts,
 * else the deal's supplier at pickup and the requester at drop-off). A job synced to this
 * device before the server named them carries no such fields: its parties stand in.
 */
export function endContacts(d: Delivery): { pickup: Contact; dropoff: Contact } {
  const held = (d as Partial<Delivery>).pickup_contact_name !== undefined;
  return held
    ? { pickup: { name: d.pickup_contact_name, phone: d.pickup_contact_phone }, dropoff: { name: d.delivery_contact_name, phone: d.delivery_contact_phone } }
    : { pickup: { name: d.supplier_name, phone: d.supplier_phone }, dropoff: { name: d.requester_name, phone: d.requester_phone } };
}

/** The delivery of a request: the one it names, else one held here for it (an assignment not yet sent). */
export function deliveryForRequest(deliveries: readonly Delivery[], request: { id: string; delivery_id: string | null }): Delivery | undefined {
  return deliveries.find((d) => d.id === request.delivery_id) ?? deliveries.find((d) => d.transport_request_id === request.id);
}

/** Newest assignment first. */
export const byAssignedDesc = (a: Delivery, b: Delivery) => (a.assigned_at < b.assigned_at ? 1 : a.assigned_at > b.assigned_at ? -1 : 0);

/** A pickup address from an address and a city, either of which may be missing. */
export function placeOf(address: string | null | undefined, city: string | null | undefined): string {
  return [address?.trim(), city?.trim()].filter(Boolean).join('، ');
}

/**
 * Whether the driver lets steps carry the position: off until they turn it on, and the
 * consent is theirs alone (another driver on the same phone starts with it off).
 */
export function readShareLocation(driverId: string): boolean {
  return driverId !== '' && readPersonal(driverId, 'shareLocation') === '1';
}

/** Refused storage (private mode): the switch lasts for this page only. */
export function writeShareLocation(driverId: string, on: boolean): void {
  if (driverId) writePersonal(driverId, 'shareLocation', on ? '1' : '0');
}

/**
 * The device's position, or null: refused, unavailable or slower than `timeoutMs` (a step
 * is never held up for long by a weak GPS fix; a recent fix is good enough).
 */
export function currentPosition(timeoutMs = 5_000, geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<DeliveryLocation | null> {
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? Math.min(Math.round(p.coords.accuracy), 100_000) : null });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
