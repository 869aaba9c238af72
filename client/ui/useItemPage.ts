/**
 * An item page's one address: /<area>/{id} (an invoice, a purchase order, an RFQ, a
 * supplier's quote on one). Links made before it carried /<area>?item={id}, and some
 * outlive the change (notifications a device stored, a push message still on the lock
 * screen, a bookmark), so such a link is sent on to the item's own address, keeping the
 * rest of its query.
 */
import { useParams, useSearchParams } from 'react-router-dom';
import { ITEM_PARAM } from '../../shared/push';

/** The page's item id, and where an old `?item=` link goes instead (null when it is not one). */
export function useItemPage(base: string): { id: string | undefined; movedTo: string | null } {
  const { id } = useParams();
  const [search] = useSearchParams();
  const old = search.get(ITEM_PARAM);
  if (id || !old) return { id, movedTo: null };
  const rest = new URLSearchParams(search);
  rest.delete(ITEM_PARAM);
  const query = rest.toString();
  return { id, movedTo: `${base}/${encodeURIComponent(old)}${query ? `?${query}` : ''}` };
}
