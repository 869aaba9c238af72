/**
 * The offline contract: a create names its new row (the client's optimistic row and the
 * server's are then the same row), while the REST route's body may leave the id out.
 */
import { describe, expect, it } from 'vitest';
import { MUTATIONS, type MutationName } from './mutations';
import { productCreateSchema } from './schemas/product';

const creates = (Object.keys(MUTATIONS) as MutationName[]).filter((name) => name.endsWith('.create'));
const missing = (name: MutationName, args: unknown) => MUTATIONS[name].schema.safeParse(args).error?.issues.map((i) => i.path.join('.')) ?? [];

describe('mutation contract', () => {
  it('refuses every create without the id of its new row', () => {
    expect(creates).toHaveLength(12);
    for (const name of creates) expect(missing(name, {}), name).toContain('id');
  });

  it('keeps the rules of the REST body it extends, and the REST body keeps the id optional', () => {
    const rest = { name: 'أسمنت', price: 18, unit: 'كيس' };
    expect(productCreateSchema.safeParse(rest).success).toBe(true);
    expect(MUTATIONS['product.create'].schema.safeParse({ ...rest, id: crypto.randomUUID() }).success).toBe(true);
    expect(missing('product.create', { ...rest, id: crypto.randomUUID(), price: -1 })).toEqual(['price']);
    expect(missing('product.create', { ...rest, id: crypto.randomUUID(), extra: 1 })).toEqual(['']);
  });
});
