import { describe, expect, it } from 'vitest';
import { lineFigures } from './LineQuantities';

const line = (over: Record<string, number> = {}) =>
  ({ quantity: 200, received_quantity: 120, rejected_quantity: 10, accepted_quantity: 110, cancelled_quantity: 0, invoiced_quantity: 110, unit: 'كيس', ...over }) as never;

describe("an order line's figures", () => {
  it('are ordered, received, rejected, open and invoiced, open being what is still to arrive', () => {
    expect(lineFigures(line())).toEqual([
      { key: 'ordered', value: 200 },
      { key: 'received', value: 120 },
      { key: 'rejected', value: 10 },
      { key: 'open', value: 90 },
      { key: 'invoiced', value: 110 },
    ]);
  });

  it('name what a close-short cancelled once it cancelled any, and then nothing is open', () => {
    const figures = lineFigures(line({ cancelled_quantity: 90 }));
    expect(figures.map((f) => f.key)).toEqual(['ordered', 'received', 'rejected', 'cancelled', 'open', 'invoiced']);
    expect(figures.find((f) => f.key === 'open')?.value).toBe(0);
  });
});
