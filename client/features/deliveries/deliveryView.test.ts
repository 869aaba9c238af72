import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../data/session/testStorage';
import { currentPosition, deliveryForRequest, endContacts, isUnderWay, mapsUrl, mapsUrlAt, placeOf, readShareLocation, telHref, writeShareLocation } from './deliveryView';
import { nextDriverStep, type Delivery } from '../../../shared/schemas/delivery';

describe('delivery view helpers', () => {
  it('gives the driver one next step, in order, and none once delivered', () => {
    expect(nextDriverStep('assigned')).toBe('picked_up');
    expect(nextDriverStep('picked_up')).toBe('on_the_way');
    expect(nextDriverStep('on_the_way')).toBe('delivered');
    expect(nextDriverStep('delivered')).toBeNull();
    expect(nextDriverStep('confirmed')).toBeNull();
    expect(nextDriverStep('problem')).toBeNull();
    expect(isUnderWay('on_the_way')).toBe(true);
    expect(isUnderWay('delivered')).toBe(false);
  });

  it('links an Arabic address and a position to Google Maps, and a phone to tel:', () => {
    expect(mapsUrl('الرياض - حي الملقا')).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('الرياض - حي الملقا')}`);
    expect(mapsUrlAt({ lat: 24.71, lng: 46.67 })).toBe('https://www.google.com/maps/search/?api=1&query=24.71%2C46.67');
    expect(telHref('+966 50 123 4567')).toBe('tel:+966501234567');
  });

  it('names whom to call at each end as the server does, and the parties on a job synced before it did', () => {
    const parties = { supplier_name: 'مصنع', supplier_phone: '+966551234567', requester_name: 'مقاول', requester_phone: '+966501234567' };
    const named = { ...parties, pickup_contact_name: 'فهد', pickup_contact_phone: '+966551110000', delivery_contact_name: 'خالد', delivery_contact_phone: null } as Delivery;
    expect(endContacts(named)).toEqual({ pickup: { name: 'فهد', phone: '+966551110000' }, dropoff: { name: 'خالد', phone: null } });
    expect(endContacts(parties as Delivery)).toEqual({ pickup: { name: 'مصنع', phone: '+966551234567' }, dropoff: { name: 'مقاول', phone: '+966501234567' } });
  });

  it("finds a request's delivery by its id, else by the request (an assignment not yet sent)", () => {
    const d = (id: string, transport_request_id: string) => ({ id, transport_request_id }) as Delivery;
    expect(deliveryForRequest([d('x', 'r'), d('y', 'r')], { id: 'r', delivery_id: 'y' })?.id).toBe('y');
    expect(deliveryForRequest([d('r', 'r')], { id: 'r', delivery_id: null })?.id).toBe('r');
    expect(deliveryForRequest([d('x', 'q')], { id: 'r', delivery_id: null })).toBeUndefined();
  });

  it('joins an address and a city, either missing', () => {
    expect(placeOf('طريق الملك فهد', 'الرياض')).toBe('طريق الملك فهد، الرياض');
    expect(placeOf(null, 'جدة')).toBe('جدة');
    expect(placeOf(' ', null)).toBe('');
  });

  it("remembers each driver's location switch, off by default and for another driver", () => {
    vi.stubGlobal('localStorage', memoryStorage());
    try {
      expect(readShareLocation('driver-a')).toBe(false);
      writeShareLocation('driver-a', true);
      expect(readShareLocation('driver-a')).toBe(true);
      expect(readShareLocation('driver-b')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads a position, and null when refused or without geolocation', async () => {
    const ok = { getCurrentPosition: (yes: PositionCallback) => yes({ coords: { latitude: 21.5, longitude: 39.2, accuracy: 12.4 } } as GeolocationPosition) } as Geolocation;
    expect(await currentPosition(100, ok)).toEqual({ lat: 21.5, lng: 39.2, accuracy: 12 });
    const refused = { getCurrentPosition: (_: PositionCallback, no?: PositionErrorCallback | null) => no?.({ code: 1 } as GeolocationPositionError) } as Geolocation;
    expect(await currentPosition(100, refused)).toBeNull();
    const silent = { getCurrentPosition: () => undefined } as unknown as Geolocation;
    expect(await currentPosition(10, silent)).toBeNull();
    expect(await currentPosition(10, undefined)).toBeNull();
  });
});
