import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../paths';
import { useItemPage } from './useItemPage';

const ID = '00000000-0000-4000-8000-000000000002';

function Probe() {
  const { id, movedTo } = useItemPage(PATHS.purchaseOrders);
  return <output>{JSON.stringify({ id: id ?? null, movedTo })}</output>;
}

const at = (url: string) =>
  JSON.parse(
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={`${PATHS.purchaseOrders}/:id?`} element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    )
      .replace(/^<output>|<\/output>$/g, '')
      .replaceAll('&quot;', '"'),
  ) as { id: string | null; movedTo: string | null };

describe('an item page’s address', () => {
  it('reads the item from its own path', () => {
    expect(at(`/purchase-orders/${ID}`)).toEqual({ id: ID, movedTo: null });
    expect(at('/purchase-orders')).toEqual({ id: null, movedTo: null });
  });

  it('sends an old ?item= link (a stored notification, a push message) on to the item’s path, keeping the rest of the query', () => {
    expect(at(`/purchase-orders?item=${ID}`)).toEqual({ id: null, movedTo: `/purchase-orders/${ID}` });
    expect(at(`/purchase-orders?item=${ID}&tab=lines`)).toEqual({ id: null, movedTo: `/purchase-orders/${ID}?tab=lines` });
  });
});
