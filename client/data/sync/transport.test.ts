/**
 * A pulled page is parsed, change by change, with its entity's row schema before the
 * engine stores any of it.
 */
import { describe, expect, it } from 'vitest';
import { SyncProtocolError, createHttpTransport } from './transport';

const P = '00000000-0000-4000-8000-000000000001';
const S = '00000000-0000-4000-8000-000000000002';
const at = '2026-11-20T10:00:00.000Z';
// A product row as GET /api/products/:id presents it.
const product = {
  id: P, supplier_id: S, name: 'حديد تسليح', description: null, price: 2850, unit: 'طن', min_quantity: 1, stock_quantity: null, sku: null, low_stock_threshold: null, category_id: null,
  category_name: null, image_url: null, photos: [], specifications: null, availability_status: 'available', average_rating: 0, total_reviews: 0,
  supplier_name: 'مؤسسة', supplier_verification_tier: 'verified', supplier_phone: null, supplier_website: null,
  supplier_city: 'الرياض', supplier_average_rating: 4.5, supplier_total_reviews: 2, created_at: at, updated_at: at,
};

const answering = (body: unknown) => createHttpTransport({ fetch: async () => new Response(JSON.stringify(body), { status: 200 }) });
const pull = (body: unknown) => answering(body).pull({ cursor: '', limit: 10, clientId: 'client-123' });

describe('sync transport pull', () => {
  it('hands the engine the changes of a page as the shared schemas read them', async () => {
    const page = await pull({ changes: [{ entity: 'product', id: P, op: 'upsert', data: product }, { entity: 'bid', id: S, op: 'delete' }], cursor: 'c2', has_more: false });
    expect(page).toEqual({ changes: [{ entity: 'product', id: P, op: 'upsert', data: product }, { entity: 'bid', id: S, op: 'delete' }], cursor: 'c2', has_more: false });
  });

  it('refuses a page whose row does not fit its entity, saying where', async () => {
    const wrong = { changes: [{ entity: 'product', id: P, op: 'upsert', data: { ...product, price: '2850' } }], cursor: 'c2', has_more: false };
    const error = await pull(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncProtocolError);
    expect((error as SyncProtocolError).message).toContain('price');
  });

  it('refuses an upsert without its row and a change of an entity it does not know', async () => {
    await expect(pull({ changes: [{ entity: 'product', id: P, op: 'upsert' }], cursor: 'c2', has_more: false })).rejects.toBeInstanceOf(SyncProtocolError);
    await expect(pull({ changes: [{ entity: 'payroll_run', id: P, op: 'delete' }], cursor: 'c2', has_more: false })).rejects.toBeInstanceOf(SyncProtocolError);
  });

  it('passes a reset through', async () => {
    expect(await pull({ reset: true })).toEqual({ reset: true });
  });
});
