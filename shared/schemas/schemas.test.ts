import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  adminUserPatchSchema,
  bidCreateSchema,
  crNumberSchema,
  emailSchema,
  instantOrderAcceptSchema,
  instantOrderCreateSchema,
  instantOrderResponseCreateSchema,
  moneySchema,
  notificationListQuerySchema,
  paginationQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  profileUpsertSchema,
  projectAwardSchema,
  projectCreateSchema,
  projectStatusChangeSchema,
  quickSignupSchema,
  reviewCreateSchema,
  saudiPhoneSchema,
  sessionCreateSchema,
  subscribeSchema,
  transportOfferCreateSchema,
  transportRequestCreateSchema,
  transportRequestStatusChangeSchema,
  vatNumberSchema,
} from './index';
import { rfqCreateSchema } from './rfq';
import { taxProfileInputSchema } from './tax-profile';
import { uploadMetadataSchema } from './photo';
import { creditNoteCreateSchema } from './invoice';
import { purchaseOrderActionSchema } from './purchase-order';

const ID = '0192f3a4-5b6c-7d8e-9f01-23456789abcd'; // a uuid v7, as the client makes them
const OTHER_ID = 'ca7e0000-0000-4000-8000-000000000001';

const ok = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(r.error.issues)}`);
  return r.data as any;
};
const fails = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;
const failedPaths = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('money', () => {
  it('accepts whole riyals and halalas', () => {
    expect(ok(moneySchema, 0)).toBe(0);
    expect(ok(moneySchema, 19.99)).toBe(19.99);
    expect(ok(moneySchema, 999_999_999_999.99)).toBe(999_999_999_999.99);
  });

  it('refuses a price with three decimals', () => {
    expect(fails(moneySchema, 1.005)).toBe(true);
    expect(fails(moneySchema, 12.345)).toBe(true);
  });

  it('refuses a negative amount', () => {
    expect(fails(moneySchema, -0.01)).toBe(true);
  });

  it('refuses a numeric string: bodies carry numbers', () => {
    expect(fails(moneySchema, '12.50')).toBe(true);
  });

  it('refuses more than numeric(14,2) can hold', () => {
    expect(fails(moneySchema, 1e12)).toBe(true);
  });
});

describe('Saudi phone numbers', () => {
  it('normalises 0501234567 to +966501234567', () => {
    expect(ok(saudiPhoneSchema, '0501234567')).toBe('+966501234567');
  });

  it('accepts 5XXXXXXXX, 9665XXXXXXXX, +9665XXXXXXXX and 009665XXXXXXXX alike', () => {
    for (const v of ['501234567', '966501234567', '+966501234567', '00966501234567', ' +966 50 123 4567 ']) {
      expect(ok(saudiPhoneSchema, v)).toBe('+966501234567');
    }
  });

  it('reads Arabic-Indic digits', () => {
    expect(ok(saudiPhoneSchema, '٠٥٠١٢٣٤٥٦٧')).toBe('+966501234567');
  });

  it('accepts a valid landline', () => {
    expect(ok(saudiPhoneSchema, '0112345678')).toBe('+966112345678');
  });

  it('refuses a number that cannot be Saudi', () => {
    expect(fails(saudiPhoneSchema, '0401234567')).toBe(true);
    expect(fails(saudiPhoneSchema, '05012345')).toBe(true);
    expect(fails(saudiPhoneSchema, 'not a phone')).toBe(true);
  });

  it('refuses a valid foreign number', () => {
    expect(fails(saudiPhoneSchema, '+14155552671')).toBe(true);
  });
});

describe('commercial registration and VAT numbers', () => {
  it('accepts exactly 10 digits as a CR number', () => {
    expect(ok(crNumberSchema, '1010123456')).toBe('1010123456');
  });

  it('refuses a CR number of 9 or 11 digits, or with letters', () => {
    expect(fails(crNumberSchema, '101012345')).toBe(true);
    expect(fails(crNumberSchema, '10101234567')).toBe(true);
    expect(fails(crNumberSchema, '10101234a6')).toBe(true);
  });

  it('accepts a 15-digit VAT number that starts and ends with 3', () => {
    expect(ok(vatNumberSchema, '300000000000003')).toBe('300000000000003');
  });

  it('drops spaces and reads Arabic-Indic digits in a VAT number', () => {
    expect(ok(vatNumberSchema, '300 0000 0000 0003')).toBe('300000000000003');
    expect(ok(vatNumberSchema, '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣')).toBe('300000000000003');
  });

  it('refuses a VAT number that does not start and end with 3', () => {
    expect(fails(vatNumberSchema, '100000000000003')).toBe(true);
    expect(fails(vatNumberSchema, '300000000000001')).toBe(true);
    expect(fails(vatNumberSchema, '30000000000003')).toBe(true);
  });
});

describe('email', () => {
  it('trims and lowercases an address', () => {
    expect(ok(emailSchema, '  Info@Binaa.SA ')).toBe('info@binaa.sa');
  });

  it('refuses what is not an address', () => {
    expect(fails(emailSchema, 'info@')).toBe(true);
  });
});

describe('list queries', () => {
  it('defaults to 20 items from the start', () => {
    expect(ok(paginationQuerySchema, {})).toEqual({ limit: 20, offset: 0 });
  });

  it('coerces limit and offset from query strings', () => {
    expect(ok(paginationQuerySchema, { limit: '50', offset: '40' })).toEqual({ limit: 50, offset: 40 });
  });

  it('refuses a limit above 100, a negative offset or a fraction', () => {
    expect(fails(paginationQuerySchema, { limit: '101' })).toBe(true);
    expect(fails(paginationQuerySchema, { offset: '-1' })).toBe(true);
    expect(fails(paginationQuerySchema, { limit: '2.5' })).toBe(true);
    expect(fails(paginationQuerySchema, { limit: 'ten' })).toBe(true);
  });

  it('takes a product category by id or by slug', () => {
    expect(ok(productListQuerySchema, { category: OTHER_ID }).category).toBe(OTHER_ID);
    expect(ok(productListQuerySchema, { category: 'steel-rebar', search: ' حديد ' })).toMatchObject({
      category: 'steel-rebar',
      search: 'حديد',
    });
    expect(fails(productListQuerySchema, { category: 'Steel Rebar' })).toBe(true);
  });

  it('refuses unknown query parameters', () => {
    expect(fails(productListQuerySchema, { serach: 'cement' })).toBe(true);
  });

  it('reads unread=true and unread=false as booleans', () => {
    expect(ok(notificationListQuerySchema, { unread: 'true' }).unread).toBe(true);
    expect(ok(notificationListQuerySchema, { unread: 'false' }).unread).toBe(false);
  });
});

describe('product create', () => {
  const valid = { name: 'اسمنت بورتلاندي', price: 16.5, unit: 'كيس 50 كجم' };

  it('needs only name, unit and price, and defaults min_quantity to 1', () => {
    expect(ok(productCreateSchema, valid)).toEqual({ ...valid, min_quantity: 1 });
  });

  it('refuses a missing or blank name, unit or price', () => {
    expect(failedPaths(productCreateSchema, { price: 1 })).toEqual(expect.arrayContaining(['name', 'unit']));
    expect(fails(productCreateSchema, { ...valid, name: '   ' })).toBe(true);
    expect(fails(productCreateSchema, { name: 'x', unit: 'y' })).toBe(true);
  });

  it('trims text fields', () => {
    expect(ok(productCreateSchema, { ...valid, name: '  حديد  ' }).name).toBe('حديد');
  });

  it('refuses a price with three decimals', () => {
    expect(failedPaths(productCreateSchema, { ...valid, price: 16.555 })).toEqual(['price']);
  });

  it('refuses a min_quantity below 1 or not whole', () => {
    expect(fails(productCreateSchema, { ...valid, min_quantity: 0 })).toBe(true);
    expect(fails(productCreateSchema, { ...valid, min_quantity: 1.5 })).toBe(true);
  });

  it('refuses an image_url that is not an http(s) URL', () => {
    expect(fails(productCreateSchema, { ...valid, image_url: 'javascript:alert(1)' })).toBe(true);
    expect(fails(productCreateSchema, { ...valid, image_url: 'not a url' })).toBe(true);
    expect(ok(productCreateSchema, { ...valid, image_url: 'https://cdn.binaa.sa/p/1.jpg' }).image_url).toBe(
      'https://cdn.binaa.sa/p/1.jpg',
    );
  });

  it('reads an empty optional field as null', () => {
    expect(ok(productCreateSchema, { ...valid, description: '', image_url: '' })).toMatchObject({
      description: null,
      image_url: null,
    });
  });

  it('refuses a name over 200 characters', () => {
    expect(fails(productCreateSchema, { ...valid, name: 'ا'.repeat(201) })).toBe(true);
  });

  it('refuses unknown fields, so no one sets supplier_id or status', () => {
    expect(fails(productCreateSchema, { ...valid, supplier_id: ID })).toBe(true);
    expect(fails(productCreateSchema, { ...valid, average_rating: 5 })).toBe(true);
  });

  it('accepts a client-chosen uuid as id, and nothing else as id', () => {
    expect(ok(productCreateSchema, { ...valid, id: ID }).id).toBe(ID);
    expect(fails(productCreateSchema, { ...valid, id: 'my-product' })).toBe(true);
  });

  it('accepts specifications as named text values', () => {
    const specifications = { القطر: '12 مم', المعيار: 'SASO' };
    expect(ok(productCreateSchema, { ...valid, specifications }).specifications).toEqual(specifications);
    expect(fails(productCreateSchema, { ...valid, specifications: { القطر: 12 } })).toBe(true);
    expect(fails(productCreateSchema, { ...valid, specifications: ['12 مم'] })).toBe(true);
  });
});

describe('product update', () => {
  it('accepts any one field', () => {
    expect(ok(productUpdateSchema, { price: 17 })).toEqual({ price: 17 });
    expect(ok(productUpdateSchema, { availability_status: 'out_of_stock' })).toEqual({
      availability_status: 'out_of_stock',
    });
  });

  it('refuses an empty update', () => {
    expect(fails(productUpdateSchema, {})).toBe(true);
  });

  it('clears stock and category with null, but not the name or price', () => {
    expect(ok(productUpdateSchema, { stock_quantity: null, category_id: null })).toEqual({
      stock_quantity: null,
      category_id: null,
    });
    expect(fails(productUpdateSchema, { name: null })).toBe(true);
    expect(fails(productUpdateSchema, { price: null })).toBe(true);
  });

  it('refuses stock in steps finer than 0.1 or below zero', () => {
    expect(ok(productUpdateSchema, { stock_quantity: 12.5 }).stock_quantity).toBe(12.5);
    expect(fails(productUpdateSchema, { stock_quantity: 12.55 })).toBe(true);
    expect(fails(productUpdateSchema, { stock_quantity: -1 })).toBe(true);
  });

  it('refuses an unknown availability status or field', () => {
    expect(fails(productUpdateSchema, { availability_status: 'discontinued' })).toBe(true);
    expect(fails(productUpdateSchema, { supplier_id: ID })).toBe(true);
  });
});

describe('project', () => {
  const valid = { title: 'مدرسة ابتدائية', description: 'إنشاء مبنى', location: 'الرياض' };

  it('needs title, description and location; budget and deadline are optional', () => {
    expect(ok(projectCreateSchema, valid)).toEqual(valid);
    expect(ok(projectCreateSchema, { ...valid, budget: 1_500_000, deadline_date: '2027-03-31' })).toMatchObject({
      budget: 1_500_000,
      deadline_date: '2027-03-31',
    });
    for (const field of ['title', 'description', 'location'] as const) {
      expect(failedPaths(projectCreateSchema, { ...valid, [field]: '' })).toEqual([field]);
    }
  });

  it('refuses a deadline that is not a calendar date', () => {
    expect(fails(projectCreateSchema, { ...valid, deadline_date: '31/03/2027' })).toBe(true);
    expect(fails(projectCreateSchema, { ...valid, deadline_date: '2027-02-30' })).toBe(true);
  });

  it('refuses a status on create', () => {
    expect(fails(projectCreateSchema, { ...valid, status: 'completed' })).toBe(true);
  });

  it('awards by bid id', () => {
    expect(ok(projectAwardSchema, { bid_id: ID })).toEqual({ bid_id: ID });
    expect(fails(projectAwardSchema, {})).toBe(true);
  });

  it('lets the owner ask only for completed or cancelled', () => {
    expect(ok(projectStatusChangeSchema, { status: 'completed' })).toEqual({ status: 'completed' });
    expect(ok(projectStatusChangeSchema, { status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(fails(projectStatusChangeSchema, { status: 'in_progress' })).toBe(true);
    expect(fails(projectStatusChangeSchema, { status: 'open' })).toBe(true);
  });
});

describe('bid', () => {
  const valid = { project_id: ID, amount: 1_250_000, proposal: 'ننفذ خلال 9 أشهر' };

  it('needs project, amount and proposal', () => {
    expect(ok(bidCreateSchema, valid)).toEqual(valid);
    expect(failedPaths(bidCreateSchema, { project_id: ID })).toEqual(expect.arrayContaining(['amount', 'proposal']));
  });

  it('refuses fewer than 1 estimated day, or a fraction of a day', () => {
    expect(ok(bidCreateSchema, { ...valid, estimated_completion_days: 1 }).estimated_completion_days).toBe(1);
    expect(fails(bidCreateSchema, { ...valid, estimated_completion_days: 0 })).toBe(true);
    expect(fails(bidCreateSchema, { ...valid, estimated_completion_days: 2.5 })).toBe(true);
  });
});

describe('instant order', () => {
  const valid = { title: 'اسمنت', description: '200 كيس', unit: 'كيس', location: 'جدة' };

  it('defaults quantity to 1 and urgency to normal', () => {
    expect(ok(instantOrderCreateSchema, valid)).toMatchObject({ quantity: 1, urgency_level: 'normal' });
  });

  it('accepts quantities in steps of 0.1 from 0.1', () => {
    expect(ok(instantOrderCreateSchema, { ...valid, quantity: 0.1 }).quantity).toBe(0.1);
    expect(ok(instantOrderCreateSchema, { ...valid, quantity: 12.3 }).quantity).toBe(12.3);
  });

  it('refuses a quantity below 0.1 or finer than 0.1', () => {
    expect(fails(instantOrderCreateSchema, { ...valid, quantity: 0 })).toBe(true);
    expect(fails(instantOrderCreateSchema, { ...valid, quantity: 0.05 })).toBe(true);
    expect(fails(instantOrderCreateSchema, { ...valid, quantity: 1.25 })).toBe(true);
  });

  it('needs title, description, unit and location', () => {
    expect(failedPaths(instantOrderCreateSchema, {})).toEqual(
      expect.arrayContaining(['title', 'description', 'unit', 'location']),
    );
  });

  it('refuses an unknown urgency', () => {
    expect(fails(instantOrderCreateSchema, { ...valid, urgency_level: 'asap' })).toBe(true);
  });

  it('accepts a budget range and a deadline with an offset', () => {
    const body = {
      ...valid,
      budget_range_min: 3000,
      budget_range_max: 3600,
      delivery_deadline: '2026-12-01T09:00:00+03:00',
    };
    expect(ok(instantOrderCreateSchema, body)).toMatchObject(body);
  });

  it('refuses a budget range whose minimum is above its maximum', () => {
    expect(failedPaths(instantOrderCreateSchema, { ...valid, budget_range_min: 5000, budget_range_max: 3000 })).toEqual([
      'budget_range_max',
    ]);
  });

  it('refuses a deadline without a time zone', () => {
    expect(fails(instantOrderCreateSchema, { ...valid, delivery_deadline: '2026-12-01T09:00' })).toBe(true);
  });

  it('accepts an offer by response id', () => {
    expect(ok(instantOrderAcceptSchema, { response_id: ID })).toEqual({ response_id: ID });
  });
});

describe('instant order offer', () => {
  it('needs the order and the offered price; hours are whole and at least 1', () => {
    const valid = { instant_order_id: ID, offered_price: 3400 };
    // Without a VAT stated, the offer is standard rated.
    expect(ok(instantOrderResponseCreateSchema, valid)).toEqual({ ...valid, vat_category: 'S' });
    expect(fails(instantOrderResponseCreateSchema, { instant_order_id: ID })).toBe(true);
    expect(fails(instantOrderResponseCreateSchema, { ...valid, delivery_time_hours: 0 })).toBe(true);
    expect(ok(instantOrderResponseCreateSchema, { ...valid, delivery_time_hours: 24 }).delivery_time_hours).toBe(24);
  });

  it('states a zero-rated or exempt offer with a VATEX reason of its category, and a standard one with none', () => {
    const valid = { instant_order_id: ID, offered_price: 3400 };
    expect(ok(instantOrderResponseCreateSchema, { ...valid, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36' })).toMatchObject({ vat_category: 'Z', exemption_reason_code: 'VATEX-SA-36' });
    expect(ok(instantOrderResponseCreateSchema, { ...valid, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-35' })).toMatchObject({ vat_category: 'Z' });
    const why = (body: object) => instantOrderResponseCreateSchema.safeParse({ ...valid, ...body }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(why({ vat_category: 'Z' })).toEqual([['exemption_reason_code', 'exemption_reason_required']]);
    expect(why({ vat_category: 'S', exemption_reason_code: 'VATEX-SA-36' })).toEqual([['exemption_reason_code', 'exemption_reason_not_allowed']]);
    expect(why({ vat_category: 'E', exemption_reason_code: 'VATEX-SA-36' })).toEqual([['exemption_reason_code', 'exemption_reason_other_category']]);
    // Delivered inside the Kingdom: no export or international-transport zero rate, and no exempt service, on goods sold here.
    for (const code of ['VATEX-SA-32', 'VATEX-SA-33', 'VATEX-SA-34-1', 'VATEX-SA-29', 'VATEX-SA-30']) {
      expect(fails(instantOrderResponseCreateSchema, { ...valid, vat_category: code === 'VATEX-SA-29' || code === 'VATEX-SA-30' ? 'E' : 'Z', exemption_reason_code: code }), code).toBe(true);
    }
    // A citizen's private education or healthcare needs the buyer's national ID (BR-KSA-49), which a company buying here does not state.
    expect(fails(instantOrderResponseCreateSchema, { ...valid, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-EDU' })).toBe(true);
    expect(fails(instantOrderResponseCreateSchema, { ...valid, vat_category: 'Z', exemption_reason_code: 'VATEX-SA-99' })).toBe(true);
  });
});

describe('transport', () => {
  const request = { pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: '20 طن حديد' };

  it('needs pickup, delivery and cargo description', () => {
    expect(ok(transportRequestCreateSchema, request)).toEqual(request);
    expect(failedPaths(transportRequestCreateSchema, {})).toEqual(
      expect.arrayContaining(['pickup_location', 'delivery_location', 'cargo_description']),
    );
  });

  it('refuses a negative weight', () => {
    expect(fails(transportRequestCreateSchema, { ...request, cargo_weight: -5 })).toBe(true);
  });

  it('refuses a preferred delivery before the pickup', () => {
    expect(
      fails(transportRequestCreateSchema, {
        ...request,
        preferred_pickup_time: '2026-12-02T08:00:00Z',
        preferred_delivery_time: '2026-12-01T08:00:00Z',
      }),
    ).toBe(true);
  });

  it('needs the request and the quoted price for an offer', () => {
    const offer = { transport_request_id: ID, quoted_price: 4500 };
    expect(ok(transportOfferCreateSchema, offer)).toEqual(offer);
    expect(fails(transportOfferCreateSchema, { transport_request_id: ID })).toBe(true);
    expect(fails(transportOfferCreateSchema, { quoted_price: 4500 })).toBe(true);
  });

  it('lets a status change ask only for in transit, delivered or cancelled', () => {
    for (const status of ['in_transit', 'delivered', 'cancelled']) {
      expect(ok(transportRequestStatusChangeSchema, { status })).toEqual({ status });
    }
    expect(fails(transportRequestStatusChangeSchema, { status: 'assigned' })).toBe(true);
    expect(fails(transportRequestStatusChangeSchema, { status: 'pending' })).toBe(true);
  });
});

describe('review', () => {
  const valid = { purchase_order_id: ID, rating: 5 };

  it('accepts 1 to 5 whole stars on one deal, an optional comment and product', () => {
    expect(ok(reviewCreateSchema, valid)).toEqual(valid);
    expect(ok(reviewCreateSchema, { transport_request_id: ID, rating: 1, comment: 'جيد' })).toMatchObject({ rating: 1, comment: 'جيد' });
    expect(ok(reviewCreateSchema, { ...valid, product_id: ID })).toMatchObject({ product_id: ID });
  });

  it('refuses 0, 6 and half stars', () => {
    for (const rating of [0, 6, 4.5]) expect(fails(reviewCreateSchema, { ...valid, rating })).toBe(true);
  });

  it('refuses a review without a rating, without a deal, or naming two deals', () => {
    expect(fails(reviewCreateSchema, { purchase_order_id: ID })).toBe(true);
    expect(fails(reviewCreateSchema, { rating: 5 })).toBe(true);
    expect(fails(reviewCreateSchema, { ...valid, transport_request_id: ID })).toBe(true);
  });
});

describe('quick signup', () => {
  const valid = {
    company_name: 'مؤسسة الصخرة',
    contact_person: 'خالد',
    phone: '0551234567',
    email: 'Khaled@Example.com',
    city: 'الرياض',
    service_description: 'توريد رمل وبحص',
  };

  it('defaults to a supplier signup and normalises phone and email', () => {
    expect(ok(quickSignupSchema, valid)).toEqual({
      ...valid,
      signupType: 'supplier',
      phone: '+966551234567',
      email: 'khaled@example.com',
    });
  });

  it('needs every field but experience_years', () => {
    for (const field of Object.keys(valid)) {
      const body: Record<string, unknown> = { ...valid };
      delete body[field];
      expect(failedPaths(quickSignupSchema, body)).toEqual([field]);
    }
  });

  it('refuses experience outside 0 to 100 years, or a fraction', () => {
    expect(ok(quickSignupSchema, { ...valid, experience_years: 0 }).experience_years).toBe(0);
    expect(fails(quickSignupSchema, { ...valid, experience_years: 101 })).toBe(true);
    expect(fails(quickSignupSchema, { ...valid, experience_years: 2.5 })).toBe(true);
    expect(fails(quickSignupSchema, { ...valid, experience_years: '5' })).toBe(true);
  });

  it('takes transport as a signup type, and nothing else beyond supplier', () => {
    expect(ok(quickSignupSchema, { ...valid, signupType: 'transport' }).signupType).toBe('transport');
    expect(fails(quickSignupSchema, { ...valid, signupType: 'contractor' })).toBe(true);
  });
});

describe('profile', () => {
  it('needs a role', () => {
    expect(failedPaths(profileUpsertSchema, { company_name: 'x' })).toEqual(['role']);
  });

  it('takes the admin role in its shape (an admin editing their details) and refuses roles that do not exist; who may send admin is a rule of the server (profiles.test.ts)', () => {
    expect(fails(profileUpsertSchema, { role: 'admin' })).toBe(false);
    expect(fails(profileUpsertSchema, { role: 'emperor' })).toBe(true);
  });

  it('accepts each role a user may choose, with nothing else', () => {
    for (const role of ['supplier', 'contractor', 'government', 'transport']) {
      expect(ok(profileUpsertSchema, { role })).toEqual({ role });
    }
  });

  it('refuses a website that is not a URL', () => {
    expect(failedPaths(profileUpsertSchema, { role: 'supplier', website: 'binaa' })).toEqual(['website']);
  });

  it('normalises the phone and leaves blank optional fields null', () => {
    expect(
      ok(profileUpsertSchema, { role: 'supplier', phone: '0501234567', website: '', cr_number: '  ', city: '' }),
    ).toEqual({ role: 'supplier', phone: '+966501234567', website: null, cr_number: null, city: null });
  });

  it('refuses a bad CR or VAT number', () => {
    expect(failedPaths(profileUpsertSchema, { role: 'supplier', cr_number: '12345' })).toEqual(['cr_number']);
    expect(failedPaths(profileUpsertSchema, { role: 'supplier', vat_number: '123456789012345' })).toEqual([
      'vat_number',
    ]);
  });

  it('refuses a verification tier or rating set by the user', () => {
    expect(fails(profileUpsertSchema, { role: 'supplier', verification_tier: 'gold' })).toBe(true);
    expect(fails(profileUpsertSchema, { role: 'supplier', average_rating: 5 })).toBe(true);
  });
});

describe('actions', () => {
  it('subscribes only to a paid plan, monthly or yearly', () => {
    expect(ok(subscribeSchema, { planId: 'premium', billingCycle: 'yearly' })).toEqual({
      planId: 'premium',
      billingCycle: 'yearly',
    });
    expect(fails(subscribeSchema, { planId: 'free', billingCycle: 'monthly' })).toBe(true);
    expect(fails(subscribeSchema, { planId: 'basic', billingCycle: 'weekly' })).toBe(true);
    expect(fails(subscribeSchema, { planId: 'basic' })).toBe(true);
  });

  it('lets an admin set the admin flag, never a tier (tiers are earned)', () => {
    expect(ok(adminUserPatchSchema, { is_admin: false })).toEqual({ is_admin: false });
    expect(fails(adminUserPatchSchema, {})).toBe(true);
    expect(fails(adminUserPatchSchema, { verification_tier: 'gold' })).toBe(true);
    expect(fails(adminUserPatchSchema, { role: 'admin' })).toBe(true);
  });

  it('exchanges a non-empty code for a session', () => {
    expect(ok(sessionCreateSchema, { code: ' abc ' })).toEqual({ code: 'abc' });
    expect(fails(sessionCreateSchema, { code: '' })).toBe(true);
    expect(fails(sessionCreateSchema, {})).toBe(true);
  });
});

describe('names and titles', () => {
  // Every body field that names or titles something, with a body that is valid around it.
  const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['product create', productCreateSchema, { price: 1, unit: 'كيس' }, 'name'],
    ['product update', productUpdateSchema, {}, 'name'],
    ['project', projectCreateSchema, { description: 'd', location: 'الرياض' }, 'title'],
    ['instant order', instantOrderCreateSchema, { description: 'd', unit: 'كيس', location: 'جدة' }, 'title'],
    ['profile', profileUpsertSchema, { role: 'supplier' }, 'company_name'],
    ['quick signup company', quickSignupSchema, { contact_person: 'خالد', phone: '0551234567', email: 'k@example.com', city: 'جدة', service_description: 's' }, 'company_name'],
    ['quick signup contact', quickSignupSchema, { company_name: 'مؤسسة', phone: '0551234567', email: 'k@example.com', city: 'جدة', service_description: 's' }, 'contact_person'],
  ];
  // zero-width space, joiner and non-joiner, word joiner, BOM, LRM/RLM, Arabic letter mark,
  // soft hyphen, Hangul filler, variation selector, Braille blank, a bidi override
  const INVISIBLE = ['\u200b', '\u200d\u200c', '\u2060\ufeff', '\u200e\u200f\u061c', '\u00ad', '\u3164', '\ufe0f', '\u2800', '\u202e\u200b'];

  for (const [what, schema, rest, field] of FIELDS) {
    it(`refuses a ${what} ${field} made only of invisible characters, naming the field and why`, () => {
      for (const name of INVISIBLE) {
        const r = schema.safeParse({ ...rest, [field]: name });
        expect(r.success, JSON.stringify(name)).toBe(false);
        expect(r.error!.issues.map((i) => [i.path.join('.'), i.message]), JSON.stringify(name)).toEqual([[field, 'invisible_only']]);
      }
    });

    it(`drops the bidirectional controls from a ${what} ${field} and keeps the rest`, () => {
      const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
      const out = ok(schema, { ...rest, [field]: `${controls}Cement \u202egk05${controls} اسمنت` });
      expect(out[field]).toBe('Cement gk05 اسمنت');
    });
  }

  it('keeps the joiners and marks inside a visible name (Arabic, Persian and emoji need them)', () => {
    expect(ok(productCreateSchema, { price: 1, unit: 'u', name: 'می\u200cخواهم \u200fأسمنت 👷\u200d♀️' }).name).toBe('می\u200cخواهم \u200fأسمنت 👷\u200d♀️');
  });
});

describe('characters a tax invoice cannot carry', () => {
  const TAX_PROFILE = {
    legal_name: 'مؤسسة البناء الحديث',
    vat_number: '310122393500003',
    cr_number: '1010010000',
    address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345' },
  };
  const RFQ = {
    title: 'حديد',
    location: 'الرياض',
    closes_at: '2026-12-30T09:00:00Z',
    audience: 'market',
    lines: [{ id: ID, description: 'حديد تسليح', quantity: 1, unit: 'طن' }],
  };
  // NUL, SOH, ESC, VT, FF, the two non-characters, a lone high and a lone low surrogate
  const UNWRITABLE = ['\u0000', '\u0001', '\u001b', '\u000b', '\u000c', '\ufffe', '\uffff', '\ud800', '\udfff'];
  /** [what, schema, a valid body, the path of the field, how to put a value there] */
  const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string, (v: string) => Record<string, unknown>]> = [
    ['product name', productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت' }, 'name', (v) => ({ name: `اسمنت ${v}` })],
    ['product description', productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت' }, 'description', (v) => ({ description: `50 كجم${v}` })],
    ['product unit', productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت' }, 'unit', (v) => ({ unit: `كيس${v}` })],
    ['product sku', productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت' }, 'sku', (v) => ({ sku: `A-1${v}` })],
    ['product specification', productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت' }, 'specifications.القطر', (v) => ({ specifications: { القطر: `12${v}` } })],
    ['tax profile legal name', taxProfileInputSchema, TAX_PROFILE, 'legal_name', (v) => ({ legal_name: `مؤسسة${v} البناء` })],
    ['tax profile street', taxProfileInputSchema, TAX_PROFILE, 'address.street', (v) => ({ address: { ...TAX_PROFILE.address, street: `طريق${v} الملك` } })],
    ['RFQ line description', rfqCreateSchema, RFQ, 'lines.0.description', (v) => ({ lines: [{ ...RFQ.lines[0], description: `حديد${v}` }] })],
    ['instant order description', instantOrderCreateSchema, { title: 't', description: 'd', quantity: 1, unit: 'كيس', location: 'جدة' }, 'description', (v) => ({ description: `رمل${v}` })],
    ['quick signup city', quickSignupSchema, { company_name: 'م', contact_person: 'خالد', phone: '0551234567', email: 'k@example.com', city: 'جدة', service_description: 's' }, 'city', (v) => ({ city: `جدة${v}` })],
    ['upload file name', uploadMetadataSchema, { kind: 'product_photo', product_id: ID, photo_id: OTHER_ID }, 'filename', (v) => ({ filename: `a${v}.jpg` })],
  ];

  for (const [what, schema, valid, path, put] of FIELDS) {
    it(`refuses a ${what} holding a control, a non-character or half a surrogate pair, naming the field`, () => {
      ok(schema, valid);
      for (const bad of UNWRITABLE) {
        const r = schema.safeParse({ ...valid, ...put(`${bad}س`) }); // inside the text: trimming takes a VT or FF off its ends
        expect(r.success, JSON.stringify(bad)).toBe(false);
        expect(r.error!.issues.map((i) => [i.path.join('.'), i.message]), JSON.stringify(bad)).toEqual([[path, 'control_character']]);
      }
    });
  }

  it('keeps tabs and line breaks in a text (a description, a reason typed in a text area), and refuses them in a line (a name, an address)', () => {
    for (const br of ['\n', '\r\n', '\t']) {
      expect(ok(productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت', description: `سطر${br}سطر` }).description).toBe(`سطر${br}سطر`);
      expect(ok(creditNoteCreateSchema, { reason: `بضاعة تالفة${br}كيسان` }).reason).toBe(`بضاعة تالفة${br}كيسان`);
      expect(ok(purchaseOrderActionSchema, { reason: `لم نعد نحتاجه${br}شكرًا` }).reason).toBe(`لم نعد نحتاجه${br}شكرًا`);
      expect(fails(productCreateSchema, { price: 1, unit: 'كيس', name: `اسمنت${br}أبيض` })).toBe(true);
      expect(fails(taxProfileInputSchema, { ...TAX_PROFILE, address: { ...TAX_PROFILE.address, street: `طريق${br}الملك` } })).toBe(true);
    }
  });

  it('takes a character outside the basic plane written as its surrogate pair (emoji, CJK extension B)', () => {
    expect(ok(productCreateSchema, { price: 1, unit: 'كيس', name: 'اسمنت 👷 𠀀' }).name).toBe('اسمنت 👷 𠀀');
  });
});
