import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Identifier, keepWhole } from './Identifier';

/** The client's source files, tests and locales aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'public' ? [] : sources(full);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('an identifier inside Arabic text', () => {
  it('is a left-to-right isolate with the class that keeps it on one line', () => {
    const html = renderToStaticMarkup(<p dir="rtl">فاتورة <Identifier testId="n">INV-2026-000001</Identifier></p>);
    expect(html).toBe('<p dir="rtl">فاتورة <bdi dir="ltr" class="identifier" data-testid="n">INV-2026-000001</bdi></p>');
    const css = readFileSync(path.join(__dirname, '../app/global.css'), 'utf8');
    const rule = css.match(/\.identifier\s*{([^}]*)}/)?.[1] ?? '';
    expect(rule).toMatch(/white-space:\s*nowrap/);
    expect(rule).toMatch(/unicode-bidi:\s*isolate/);
  });

  it('offers a sentence no place to break a number: a word joiner after each hyphen, no-break spaces in an IBAN', () => {
    expect(keepWhole('INV-2026-000001')).toBe('INV-\u20602026-\u2060000001');
    expect(keepWhole('SA03 8000 0000 6080 1016 7519')).toBe('SA03\u00a08000\u00a00000\u00a06080\u00a01016\u00a07519');
    expect(keepWhole('PO/12')).toBe('PO/\u206012');
    // The characters stay as they are: the joiners are invisible and count for nothing.
    expect(keepWhole('INV-2026-000001').replace(/\u2060/g, '')).toBe('INV-2026-000001');
    expect(keepWhole(keepWhole('RFQ-7'))).toBe(keepWhole('RFQ-7'));
    expect(keepWhole('300000000000003')).toBe('300000000000003');
  });

  it('is what every screen shows a document number or an IBAN in, never a bare <bdi>', () => {
    // A <bdi> isolates the direction only: inside Arabic text 'INV-2026-000001' still breaks after a hyphen.
    const root = path.join(__dirname, '..');
    const bare = sources(root).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<bdi>\{[\w.?]*(number|iban)\}<\/bdi>/g)].map((m) => `${path.relative(root, file)}: ${m[0]}`),
    );
    expect(bare).toEqual([]);
  });
});
