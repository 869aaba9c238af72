import { StarFilled, StarHalfFilled, StarRegular } from '@fluentui/react-icons';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StarsDisplay } from './Stars';

const paths = (html: string) => [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);

describe('the stars of a rating', () => {
  it('draws the icon set\'s own star shapes, by halves', () => {
    const [filled, half, empty] = [StarFilled, StarHalfFilled, StarRegular].map((Icon) => paths(renderToStaticMarkup(<Icon />))[0]);
    const html = renderToStaticMarkup(<StarsDisplay average={3.6} label="3.6" />);
    expect(paths(html)).toEqual([filled, filled, filled, half, empty]);
    expect(html).toContain('data-value="3.5"');
    expect(html.match(/<svg[^>]*aria-hidden="true"[^>]*width="1em" height="1em" viewBox="0 0 20 20"[^>]*font-size="16"/g)).toHaveLength(5);
  });
});
