import { StarFilled, StarHalfFilled, StarRegular } from '@fluentui/react-icons';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RatingLine } from './Rating';

const paths = (html: string) => [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);
const t = ((key: string, options?: { rating?: string; count?: number }) => (options ? `${key} ${options.rating} ${options.count}` : key)) as never;

describe('the rating widget', () => {
  it("draws the icon set's own star shapes, by halves, beside the average and the count", () => {
    const [filled, half, empty] = [StarFilled, StarHalfFilled, StarRegular].map((Icon) => paths(renderToStaticMarkup(<Icon />))[0]);
    const html = renderToStaticMarkup(<RatingLine average={3.6} count={12} t={t} />);
    expect(paths(html)).toEqual([filled, filled, filled, half, empty]);
    expect(html).toContain('data-value="3.5"');
    expect(html.match(/<svg[^>]*aria-hidden="true"[^>]*width="1em" height="1em" viewBox="0 0 20 20"[^>]*font-size="16"/g)).toHaveLength(5);
    expect(html).toMatch(/>common:rating.summary \S+ 12</);
  });

  it('shows empty stars and "no reviews yet" for a product nobody reviewed', () => {
    const html = renderToStaticMarkup(<RatingLine average={0} count={0} t={t} testId="product-rating" />);
    expect(paths(html)).toHaveLength(5);
    expect(html).toContain('data-value="0"');
    expect(html).toContain('data-testid="product-rating">common:rating.none<');
  });
});
