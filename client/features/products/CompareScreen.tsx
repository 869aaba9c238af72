/**
 * /products/compare?ids=a,b: up to four products side by side, read from the local copy
 * (so it opens offline and follows a sync). One table: products across, what a buyer
 * weighs down (price per unit, minimum order, availability, stock, supplier, tier and
 * rating, city). The row labels stay in place while a phone scrolls the products
 * sideways; a desk sees the whole table. The lowest price is marked (every product at
 * it); a row no compared product has data for (stock nobody shows) is left out.
 */
import { Badge, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LocalProduct } from '../../data/db/schema';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { RatingLine } from '../../ui/Rating';
import { StatusBadge } from '../../ui/StatusBadge';
import { TierBadge } from '../../ui/TierBadge';
import { coverOf } from '../../ui/cover';
import { compareHref } from './CompareTray';
import { useProductsByIds } from './queries';
import { COMPARE_MAX, toggleCompare, useCompareSelection } from './useCompareSelection';
import { AVAILABILITY_TONE } from '../../ui/statusTones';

/** Thin rules under and after a cell (Griffel takes no border shorthand). */
const under = { borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 } as const;
const after = { borderInlineEndWidth: '1px', borderInlineEndStyle: 'solid', borderInlineEndColor: tokens.colorNeutralStroke2 } as const;

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  muted: { color: tokens.colorNeutralForeground2 },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, justifySelf: 'start' },
  scroller: {
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: { borderCollapse: 'separate', borderSpacing: 0, inlineSize: '100%', tableLayout: 'fixed', minInlineSize: 'max-content' },
  label: {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    inlineSize: '104px',
    minInlineSize: '104px',
    padding: tokens.spacingHorizontalS,
    textAlign: 'start',
    verticalAlign: 'top',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    ...under,
    ...after,
  },
  cell: {
    inlineSize: '156px',
    minInlineSize: '156px',
    padding: tokens.spacingHorizontalS,
    textAlign: 'start',
    verticalAlign: 'top',
    ...under,
    overflowWrap: 'anywhere',
  },
  head: { display: 'grid', gap: tokens.spacingVerticalXS, justifyItems: 'start', fontWeight: tokens.fontWeightSemibold },
  image: { inlineSize: '64px', blockSize: '64px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  price: { fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, display: 'block' },
  lowest: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  stack: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const NONE = '—';

/** The ids of the address, once each, at most COMPARE_MAX. */
function idsOf(param: string | null): string[] {
  return [...new Set((param ?? '').split(',').map((id) => id.trim()).filter(Boolean))].slice(0, COMPARE_MAX);
}

export function CompareScreen() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('products');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = useMemo(() => idsOf(params.get('ids')), [params]);
  const products = useProductsByIds(ids);
  const chosen = useCompareSelection();
  const Back = i18n.dir() === 'rtl' ? ArrowRightRegular : ArrowLeftRegular;

  const remove = (id: string) => {
    if (chosen.includes(id)) toggleCompare(id);
    void navigate(compareHref(ids.filter((other) => other !== id)), { replace: true });
  };

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('compare.title')}
        </h1>
        <Text className={styles.muted}>{t('compare.intro')}</Text>
      </div>
      <Link to={PATHS.products} className={styles.back} data-testid="compare-back">
        <Back aria-hidden />
        {t('compare.back')}
      </Link>
      {products === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : products.length === 0 ? (
        <EmptyState icon={<DismissRegular />} title={t('compare.empty.title')} body={t('compare.empty.body')} />
      ) : (
        <>
          {products.length < ids.length && (
            <Text className={styles.muted} data-testid="compare-missing">
              {t('compare.missing', { count: ids.length - products.length })}
            </Text>
          )}
          <CompareTable products={products} onRemove={remove} t={t} />
          {new Set(products.map((p) => p.unit.trim())).size > 1 && <Text className={styles.muted}>{t('compare.unitsDiffer')}</Text>}
        </>
      )}
    </section>
  );
}

function CompareTable({ products, onRemove, t }: { products: LocalProduct[]; onRemove: (id: string) => void; t: TFunction<'products'> }) {
  const styles = useStyles();
  const format = useFormat();
  const lowest = Math.min(...products.map((p) => p.price));
  const anyStock = products.some((p) => p.stock_quantity != null);

  const row = (key: string, label: string, cell: (p: LocalProduct) => ReactNode, marked?: (p: LocalProduct) => boolean) => (
    <tr key={key} data-testid={`compare-row-${key}`}>
      <th scope="row" className={styles.label}>
        {label}
      </th>
      {products.map((p) => (
        <td key={p.id} className={mergeClasses(styles.cell, marked?.(p) && styles.lowest)} data-product-id={p.id}>
          {cell(p)}
        </td>
      ))}
    </tr>
  );

  return (
    <div className={styles.scroller} data-testid="compare-table" tabIndex={0} role="group" aria-label={t('compare.title')}>
      <table className={styles.table}>
        <thead>
          <tr>
            <td className={styles.label} />
            {products.map((p) => {
              const cover = coverOf(p);
              return (
                <th key={p.id} scope="col" className={styles.cell} data-testid="compare-product" data-product-id={p.id}>
                  <div className={styles.head}>
                    <div className={styles.image}>
                      <ImageWithFallback key={cover.src} src={cover.src} srcSet={cover.srcSet} sizes={cover.sizes} alt="" />
                    </div>
                    <bdi data-testid="compare-name">{p.name}</bdi>
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => onRemove(p.id)} aria-label={t('compare.remove', { name: p.name })}>
                      {t('compare.removeShort')}
                    </Button>
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {row(
            'price',
            t('compare.rows.price'),
            (p) => (
              <>
                <span className={styles.price} data-testid="compare-price">
                  {t('card.pricePerUnit', { price: format.sar(p.price), unit: p.unit })}
                </span>
                {p.price === lowest && products.length > 1 && (
                  <Badge appearance="filled" color="success" data-testid="lowest-price">
                    {t('compare.lowest')}
                  </Badge>
                )}
              </>
            ),
            (p) => p.price === lowest && products.length > 1,
          )}
          {row('minQuantity', t('compare.rows.minQuantity'), (p) => t('compare.quantity', { quantity: format.number(p.min_quantity), unit: p.unit }))}
          {row('availability', t('compare.rows.availability'), (p) => {
            const available = p.availability_status === 'available';
            return <StatusBadge label={t(available ? 'card.available' : 'card.outOfStock')} tone={AVAILABILITY_TONE[p.availability_status]} status={p.availability_status} />;
          })}
          {anyStock &&
            row('stock', t('compare.rows.stock'), (p) => (p.stock_quantity != null ? t('compare.quantity', { quantity: format.number(p.stock_quantity), unit: p.unit }) : t('compare.notShown')))}
          {row('supplier', t('compare.rows.supplier'), (p) => <bdi>{p.supplier_name ?? t('card.unknownSupplier')}</bdi>)}
          {row('tier', t('compare.rows.tier'), (p) => (p.supplier_verification_tier === 'unverified' ? t('compare.unverified') : <TierBadge tier={p.supplier_verification_tier} />))}
          {row('supplierRating', t('compare.rows.supplierRating'), (p) =>
            p.supplier_total_reviews === undefined ? NONE : <RatingLine average={p.supplier_average_rating} count={p.supplier_total_reviews} t={t} testId="compare-supplier-rating" />,
          )}
          {row('productRating', t('compare.rows.productRating'), (p) => <RatingLine average={p.average_rating} count={p.total_reviews} t={t} testId="compare-product-rating" />)}
          {row('city', t('compare.rows.city'), (p) => (p.supplier_city ? <bdi>{p.supplier_city}</bdi> : NONE))}
        </tbody>
      </table>
    </div>
  );
}
