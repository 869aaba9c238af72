import { describe, expect, it } from 'vitest';
import * as errors from './errors';

describe('the error table', () => {
  it('gives every named factory the status its code has in the table', () => {
    const factories = Object.entries(errors).filter(
      ([name, v]) => typeof v === 'function' && v !== errors.AppError && !name.startsWith('from'),
    ) as Array<[string, (...a: unknown[]) => errors.AppError]>;
    expect(factories.length).toBeGreaterThan(25);
    for (const [name, make] of factories) {
      const err = make('x', 'y');
      expect(err, name).toBeInstanceOf(errors.AppError);
      expect(err.status, name).toBe(errors.ERROR_STATUS[err.code]);
    }
  });

  it('has a factory for every code', () => {
    const made = new Set(
      Object.values(errors)
        .filter((v): v is (...a: unknown[]) => errors.AppError => typeof v === 'function' && v !== errors.AppError && v !== errors.fromZodError)
        .map((make) => make('x', 'y').code),
    );
    expect(errors.ERROR_CODES.filter((c) => !made.has(c) && c !== 'mutation_out_of_order')).toEqual([]);
  });
});
