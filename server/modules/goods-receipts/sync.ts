/** What the change feed sends of goods receipts: the rows by id as REST presents them, limited to their order's parties. */
import type { LoaderTable } from '../sync/contracts';
import { goodsReceiptPolicy } from './policy';
import { goodsReceiptQuery, readGoodsReceipts } from './queries';

export const loaders: LoaderTable = {
  goods_receipt: (knex, user, ids) => readGoodsReceipts(goodsReceiptPolicy.visible(goodsReceiptQuery(knex).whereIn('gr.id', ids), user)),
};
