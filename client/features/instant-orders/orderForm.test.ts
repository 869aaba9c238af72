import { describe, expect, it } from 'vitest';
import { emptyOrder, validateOrder, type OrderValues } from './orderForm';
import { offerValuesFrom, validateOffer } from './offerForm';

const filled = (over: Partial<OrderValues> = {}): OrderValues => ({
  ...emptyOrder(),
  title: 'Ready-mix concrete',
  description: 'C35 for footings',
  unit: 'm³',
  location: 'Riyadh',
  ...over,
});

describe('the instant order form', () => {
  it('asks for the required fields', () => {
    const { errors, input } = validateOrder(emptyOrder());
    expect(input).toBeUndefined();
    expect(errors).toMatchObject({ title: 'required', description: 'required', unit: 'required', location: 'required' });
    expect(errors.quantity).toBeUndefined();
  });

  it('takes quantities in steps of 0.1 from 0.1, also typed in Arabic-Indic digits', () => {
    expect(validateOrder(filled({ quantity: '0.05' })).errors.quantity).toBe('quantity');
    expect(validateOrder(filled({ quantity: '2.25' })).errors.quantity).toBe('quantity');
    expect(validateOrder(filled({ quantity: '١٢٫٥' })).input?.quantity).toBe(12.5);
  });

  it('refuses an inverted budget range and a deadline in the past', () => {
    expect(validateOrder(filled({ budget_range_min: '500', budget_range_max: '100' })).errors.budget_range_max).toBe('budgetInverted');
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(validateOrder(filled({ delivery_deadline: '2029-12-31T10:00' }), now).errors.delivery_deadline).toBe('deadlinePast');
  });

  it('makes the mutation input: empty optional fields as null, the deadline as an ISO time', () => {
    const { input } = validateOrder(filled({ quantity: '3', urgency_level: 'urgent', budget_range_max: '4500', delivery_deadline: '2099-05-01T08:30' }));
    expect(input).toMatchObject({ quantity: 3, urgency_level: 'urgent', budget_range_min: null, budget_range_max: 4500 });
    expect(input?.delivery_deadline).toBe(new Date('2099-05-01T08:30').toISOString());
  });

  it('buys for the site chosen and its budget line; no site, no budget line', () => {
    const [site, line] = ['00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000011'];
    expect(validateOrder(filled({ site_id: site, budget_line_id: line })).input).toMatchObject({ site_id: site, budget_line_id: line });
    expect(validateOrder(filled({ site_id: '', budget_line_id: line })).input).toMatchObject({ site_id: null, budget_line_id: null });
    expect(validateOrder(filled()).input).toMatchObject({ site_id: null, budget_line_id: null });
  });
});

describe('the offer form', () => {
  const orderId = '4b7a6f2e-1c9d-4e8a-9f3b-2d5c6e7f8a9b';

  it('needs a price; hours are whole and at least 1', () => {
    expect(validateOffer({ offered_price: '', delivery_time_hours: '', notes: '', vat: 'S' }, orderId).errors).toEqual({ offered_price: 'required' });
    expect(validateOffer({ offered_price: '100', delivery_time_hours: '1.5', notes: '', vat: 'S' }, orderId).errors).toEqual({ delivery_time_hours: 'hours' });
    expect(validateOffer({ offered_price: '100.123', delivery_time_hours: '', notes: '', vat: 'S' }, orderId).errors).toEqual({ offered_price: 'money' });
  });

  it('gives blank notes as null', () => {
    expect(validateOffer({ offered_price: '3850.75', delivery_time_hours: '36', notes: '  ', vat: 'S' }, orderId).input).toEqual({
      offered_price: 3850.75,
      delivery_time_hours: 36,
      notes: null,
      vat_category: 'S',
      exemption_reason_code: null,
    });
  });

  it('states a zero-rated or exempt offer with its reason, the category following from the code', () => {
    expect(validateOffer({ offered_price: '100', delivery_time_hours: '', notes: '', vat: 'VATEX-SA-36' }, orderId).input).toMatchObject({ vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36' });
    expect(validateOffer({ offered_price: '100', delivery_time_hours: '', notes: '', vat: 'VATEX-SA-35' }, orderId).input).toMatchObject({ vat_category: 'Z', exemption_reason_code: 'VATEX-SA-35' });
    expect(offerValuesFrom({ exemption_reason_code: 'VATEX-SA-36' } as never).vat).toBe('VATEX-SA-36');
    expect(offerValuesFrom(null).vat).toBe('S');
  });
});
