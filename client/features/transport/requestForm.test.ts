import { describe, expect, it } from 'vitest';
import { emptyRequest, validateRequest } from './requestForm';
import { validateQuote } from './quoteForm';

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
