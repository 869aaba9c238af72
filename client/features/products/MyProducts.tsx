/**
 * A supplier's own products: add, edit, delete with confirmation and
 * the availability switch, each written through the outbox and marked "waiting to send"
 * until the server has it; a refusal shows on its product. The plan's product limit
 * shows before the server would refuse (409 plan_limit_reached).
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, BoxRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import type { LocalProduct, RejectionRow, UploadRow } from '../../data/db/schema';
import { usePendingKeys, useRejections } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PendingBadge } from '../../ui/PendingBadge';
import { useProductWrites } from './mutations';
import { useCategoryName } from './categoryNames';
import { ProductCard } from './ProductCard';
import { ProductFormDialog } from './ProductFormDialog';
import { CATALOGUE_PAGE, productKey, sameRow, useMyProducts, useProductLimit, useUploadsByProduct } from './queries';
import { LocalCover, OwnPhotoStatus } from './OwnPhotos';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  limit: { color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' },
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  refused: { gridColumn: '1 / -1' },
  more: { justifySelf: 'center' },
});

export function MyProducts({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('products');
  const format = useFormat();
  const products = useMyProducts(supplierId);
  const categoryName = useCategoryName();
  const limit = useProductLimit(supplierId);
  const [editing, setEditing] = useState<LocalProduct | null | 'new'>(null);
  const [deleting, setDeleting] = useState<LocalProduct | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shown, setShown] = useState(CATALOGUE_PAGE);
  const writes = useProductWrites();
  const pending = usePendingKeys();
  const rejections = useRejections();
  const uploads = useUploadsByProduct();
  // One read of the refusals for the whole list, the first (newest) per product.
  const refusals = useMemo(() => {
    const byKey = new Map<string, RejectionRow>();
    for (const r of rejections) for (const key of r.keys) if (!byKey.has(key)) byKey.set(key, r);
    return byKey;
  }, [rejections]);
  // Stable for the memoised cards: the latest writer through a ref.
  const writesRef = useRef(writes);
  writesRef.current = writes;
  const setAvailability = useCallback((id: string, available: boolean) => {
    void writesRef.current.update(id, { availability_status: available ? 'available' : 'out_of_stock' });
  }, []);

  const add = (
    <Button appearance="primary" icon={<AddRegular />} disabled={limit?.reached} onClick={() => setEditing('new')} data-testid="add-product">
      {t('actions.add')}
    </Button>
  );

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text className={styles.limit} data-testid="product-limit">
          {limit &&
            (limit.unlimited
              ? t('limit.unlimited', { count: limit.used })
              : t('limit.of', { used: format.number(limit.used), count: limit.max }))}
        </Text>
        {add}
      </div>
      {limit?.reached && (
        <MessageBar layout="multiline" intent="warning" data-testid="limit-reached">
          <MessageBarBody>
            {t('limit.reached', { count: limit.max })} <Link to={PATHS.pricing}>{t('limit.upgrade')}</Link>
          </MessageBarBody>
        </MessageBar>
      )}
      {notice && (
        // Multiline: the automatic layout kept a long notice on one line past a phone's edge,
        // and its switching between layouts kept an open dialog from settling on a desk.
        <MessageBar intent="success" role="status" layout="multiline" data-testid="product-notice">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      {products === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : products.length === 0 ? (
        <EmptyState icon={<BoxRegular />} title={t('empty.mine.title')} body={t('empty.mine.body')} action={limit?.reached ? undefined : add} />
      ) : (
        <div className={styles.list} data-testid="my-products">
          {products.slice(0, shown).map((p) => (
            <OwnProduct
              key={p.id}
              product={p}
              categoryName={categoryName(p)}
              pending={pending.has(productKey(p.id))}
              refusal={refusals.get(productKey(p.id))}
              uploads={uploads?.get(p.id)}
              onEdit={setEditing}
              onDelete={setDeleting}
              onAvailability={setAvailability}
            />
          ))}
        </div>
      )}
      {products && products.length > shown && (
        <Button className={styles.more} onClick={() => setShown((n) => n + CATALOGUE_PAGE)} data-testid="show-more">
          {t('actions.more')}
        </Button>
      )}
      <ProductFormDialog
        open={editing !== null}
        product={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(kind) => setNotice(t(`saved.${kind}`))}
      />
      <Dialog open={deleting !== null} onOpenChange={(_, d) => !d.open && setDeleting(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('delete.title')}</DialogTitle>
            <DialogContent>{deleting && t('delete.body', { name: deleting.name })}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setDeleting(null)}>
                {t('actions.cancel')}
              </Button>
              <Button
                appearance="primary"
                data-testid="confirm-delete"
                onClick={() => {
                  if (deleting) void writes.remove(deleting.id).then(() => setNotice(t('saved.deleted')));
                  setDeleting(null);
                }}
              >
                {t('delete.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}

interface OwnProductProps {
  product: LocalProduct;
  categoryName: string | null;
  pending: boolean;
  refusal: RejectionRow | undefined;
  /** Its photos on their way from this device (or refused). */
  uploads: UploadRow[] | undefined;
  onEdit: (p: LocalProduct) => void;
  onDelete: (p: LocalProduct) => void;
  onAvailability: (id: string, available: boolean) => void;
}

/**
 * One own product with its actions. Memoised on the row's content: live queries hand out
 * new objects on every change to the table, and a list of Fluent cards is costly to
 * render again on a slow phone.
 */
const OwnProduct = memo(
  function OwnProduct({ product: p, categoryName, pending, refusal, uploads, onEdit, onDelete, onAvailability }: OwnProductProps) {
    const { t } = useTranslation('products');
    const localCover = !p.photos?.length ? uploads?.find((u) => u.status !== 'refused') : undefined;
    return (
      <ProductCard
        product={p}
        categoryName={categoryName}
        t={t}
        badges={pending ? <PendingBadge /> : null}
        image={localCover ? <LocalCover row={localCover} alt={p.name} /> : undefined}
        footer={
          <>
            {uploads && <OwnPhotoStatus uploads={uploads} />}
            {refusal && <Refused rejection={refusal} />}
          </>
        }
        actions={
          <>
            <Switch
              checked={p.availability_status === 'available'}
              label={t('actions.available')}
              onChange={(_, d) => onAvailability(p.id, d.checked)}
              data-testid="availability-toggle"
            />
            <Button icon={<EditRegular />} onClick={() => onEdit(p)} data-testid="edit-product" aria-label={t('actions.editNamed', { name: p.name })}>
              {t('actions.edit')}
            </Button>
            <Button icon={<DeleteRegular />} onClick={() => onDelete(p)} data-testid="delete-product" aria-label={t('actions.deleteNamed', { name: p.name })}>
              {t('actions.delete')}
            </Button>
          </>
        }
      />
    );
  },
  (a, b) =>
    a.pending === b.pending &&
    a.categoryName === b.categoryName &&
    a.refusal === b.refusal &&
    a.uploads === b.uploads &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.onAvailability === b.onAvailability &&
    sameRow(a.product, b.product),
);

/** The server's refusal of a change to this product, in the reader's language; the sync centre resends or discards. */
function Refused({ rejection: r }: { rejection: RejectionRow }) {
  const styles = useStyles();
  const { t } = useTranslation(['products', 'common', 'errors']);
  return (
    <MessageBar layout="multiline" intent="error" className={styles.refused} data-testid="product-refused">
      <MessageBarBody>
        {t('refused', { reason: t(`errors:${r.code}`, { defaultValue: r.error }) })} <Link to={PATHS.syncCentre}>{t('openSyncCentre')}</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
