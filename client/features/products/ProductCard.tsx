/**
 * A product as a card: image with fallback, name, price in SAR per unit, minimum
 * quantity, category, supplier with tier badge, rating with half stars, and the actions
 * the caller gives (contact and review in the catalogue; edit, delete and availability
 * for the owner).
 */
import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { TierBadge } from '../../app/nav/TierBadge';
import { ImageWithFallback } from '../../app/ui/ImageWithFallback';
import type { LocalProduct } from '../../data/db/schema';
import { isolate, useFormat } from '../../i18n/format';
import { StarsDisplay } from '../../ui/Stars';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: '88px 1fr',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  image: { inlineSize: '88px', blockSize: '88px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * `t` is the list's (the products namespace): a page renders many cards, and a translation
 * hook per card cost more than the rest of the card's own work.
 */
export function ProductCard({
  product,
  t,
  badges,
  actions,
  footer,
}: {
  product: LocalProduct;
  t: TFunction<'products'>;
  badges?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  const format = useFormat();
  const available = product.availability_status === 'available';
  const rating = product.total_reviews
    ? t('card.rating', { rating: format.rating(product.average_rating), count: product.total_reviews })
    : t('card.noReviews');
  return (
    <article className={styles.card} data-testid="product-card" data-product-id={product.id}>
      <div className={styles.image}>
        <ImageWithFallback src={product.image_url} alt={product.name} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.name} data-testid="product-name">
          <bdi>{product.name}</bdi>
        </h3>
        <div className={styles.line}>
          <span className={styles.price} data-testid="product-price">
            {t('card.pricePerUnit', { price: isolate(format.sar(product.price)), unit: isolate(product.unit) })}
          </span>
          <Badge appearance="tint" color={available ? 'success' : 'danger'} data-testid="availability">
            {t(available ? 'card.available' : 'card.outOfStock')}
          </Badge>
          {badges}
        </div>
        <Caption1 className={styles.muted}>{t('card.minQuantity', { quantity: format.number(product.min_quantity), unit: isolate(product.unit) })}</Caption1>
        <div className={styles.line}>
          <Caption1 className={styles.muted}>
            <bdi>{product.supplier_name ?? t('card.unknownSupplier')}</bdi>
          </Caption1>
          <TierBadge tier={product.supplier_verification_tier} />
          {product.category_name && (
            <Caption1 className={styles.muted}>
              <bdi>{product.category_name}</bdi>
            </Caption1>
          )}
        </div>
        <div className={styles.line}>
          <StarsDisplay average={product.total_reviews ? product.average_rating : 0} label={rating} />
          <Caption1 className={styles.muted} data-testid="product-rating">
            {rating}
          </Caption1>
        </div>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
      {footer}
    </article>
  );
}
