import { describe, expect, it } from 'vitest';
import { dropoffContact, emptyRequest, purchaseOrderPickup, validateRequest } from './requestForm';
import { validateQuote } from './quoteForm';
import { transportRequestCreateSchema } from '../../../shared/schemas/transport-request';

describe('the transport request form', () => {
  it('asks for pickup, delivery and cargo only', () => {
    expect(validateRequest(emptyRequest()).errors).toEqual({ pickup_location: 'required', delivery_location: 'required', cargo_description: 'required' });
  });

  it('makes the input: weight in kg and volume as numbers, blanks as null', () => {
    const { input } = validateRequest({ ...emptyRequest(), pickup_location: 'Dammam', delivery_location: 'Riyadh', cargo_description: 'Rebar', cargo_weight: '12500', vehicle_type_required: 'flatbed' });
    expect(input).toMatchObject({ cargo_weight: 12500, cargo_volume: null, budget: null, vehicle_type_required: 'flatbed', preferred_pickup_time: null });
  });

  it('refuses a delivery before the pickup, and negative weights', () => {
    const base = { ...emptyRequest(), pickup_location: 'A', delivery_location: 'B', cargo_description: 'C' };
    expect(validateRequest({ ...base, preferred_pickup_time: '2099-01-02T10:00', preferred_delivery_time: '2099-01-01T10:00' }).errors).toEqual({
      preferred_delivery_time: 'deliveryBeforePickup',
    });
    expect(validateRequest({ ...base, cargo_weight: '-5' }).errors).toEqual({ cargo_weight: 'measure' });
  });
});

describe('whom the driver calls at each end', () => {
  const base = { ...emptyRequest(), pickup_location: 'A', delivery_location: 'B', cargo_description: 'C' };

  it('takes Saudi phones in any usual spelling, which the server stores in E.164', () => {
    const { errors, input } = validateRequest({ ...base, pickup_contact_name: 'فهد', pickup_contact_phone: '+966 55 123 4567', delivery_contact_name: 'خالد', delivery_contact_phone: '٠٥٠١٢٣٤٥٦٧' });
    expect(errors).toEqual({});
    expect(transportRequestCreateSchema.parse({ id: crypto.randomUUID(), ...input })).toMatchObject({ pickup_contact_phone: '+966551234567', delivery_contact_phone: '+966501234567' });
  });

  it('refuses a number that is not Saudi, and a name with no number to call', () => {
    expect(validateRequest({ ...base, pickup_contact_phone: '12345' }).errors).toEqual({ pickup_contact_phone: 'phone' });
    expect(validateRequest({ ...base, delivery_contact_name: 'خالد' }).errors).toEqual({ delivery_contact_phone: 'contactPhoneRequired' });
  });
});

describe('a booking from a purchase order', () => {
  const address = { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' };
  const order = { seller_address: 'المنطقة الصناعية', seller_city: 'ينبع', seller_national_address: address, seller_contact_name: 'فهد الحربي', seller_phone: '+966551234567' };

  it("picks up at the seller's whole national address, with its person and phone", () => {
    expect(purchaseOrderPickup(order, 'جدة')).toEqual({
      pickup_location: '1234 طريق الملك فهد، العليا، الرياض 12345-5678',
      pickup_contact_name: 'فهد الحربي',
      pickup_contact_phone: '+966 55 123 4567',
    });
  });

  it('falls back to the profile address, then to the city the device knows, for a seller with no tax profile', () => {
    expect(purchaseOrderPickup({ ...order, seller_national_address: null }, 'جدة').pickup_location).toBe('المنطقة الصناعية، ينبع');
    expect(purchaseOrderPickup({ seller_address: null, seller_city: null }, 'جدة')).toEqual({ pickup_location: 'جدة', pickup_contact_name: '', pickup_contact_phone: '' });
  });

  it('names the buyer at drop-off, in a spelling the form takes back', () => {
    const site = dropoffContact('خالد', '+966501234567');
    expect(site).toEqual({ delivery_contact_name: 'خالد', delivery_contact_phone: '+966 50 123 4567' });
    const { errors, input } = validateRequest({ ...emptyRequest(), pickup_location: 'A', delivery_location: 'B', cargo_description: 'C', ...site });
    expect(errors).toEqual({});
    expect(transportRequestCreateSchema.parse({ id: crypto.randomUUID(), ...input }).delivery_contact_phone).toBe('+966501234567');
  });
});

describe('the quote form', () => {
  const requestId = '4b7a6f2e-1c9d-4e8a-9f3b-2d5c6e7f8a9b';
  it('needs a price and gives blanks as null', () => {
    const blank = { quoted_price: '', estimated_pickup_time: '', estimated_delivery_time: '', vehicle_details: '', notes: '' };
    expect(validateQuote(blank, requestId).errors).toEqual({ quoted_price: 'required' });
    expect(validateQuote({ ...blank, quoted_price: '2300' }, requestId).input).toEqual({
      quoted_price: 2300,
      estimated_pickup_time: null,
      estimated_delivery_time: null,
      vehicle_details: null,
      notes: null,
    });
  });
});
