/**
 * A product as a card, the one for every list of products (the public catalogue, the
 * signed-in catalogue, a supplier's own): its cover photo (or image URL) with fallback, name, price in SAR per
 * unit, availability, minimum quantity, supplier with tier badge, category, rating, and
 * the actions the caller gives (contact and review in the catalogue; edit, delete and
 * availability for the owner).
 */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Product } from '../../../shared/schemas/product';
import { useFormat } from '../../i18n/format';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import { RatingLine } from '../../ui/Rating';
import { StatusBadge } from '../../ui/StatusBadge';
import { TierBadge } from '../../ui/TierBadge';
import { coverOf } from '../../ui/cover';
import { AVAILABILITY_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: '88px 1fr',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    // A card out of view is neither laid out nor painted until it nears the viewport: a
    // page of 20 cards costs the phone the few on screen (its height kept once seen).
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 160px',
  },
  image: { inlineSize: '88px', blockSize: '88px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** What a card shows of a product: a synced row and a row of the public API alike. */
export type CardProduct = Pick<
  Product,
  'id' | 'name' | 'image_url' | 'photos' | 'price' | 'unit' | 'min_quantity' | 'availability_status' | 'supplier_name' | 'supplier_verification_tier' | 'average_rating' | 'total_reviews'
>;

/**
 * `t` is the list's (the products namespace): a page renders many cards, and a translation
 * hook per card cost more than the rest of the card's own work. `categoryName` is in the
 * interface language, which the caller knows (a synced row's own name is in the profile's).
 * The name is an h2: a list of cards sits right under the screen's h1.
 */
export function ProductCard({
  product,
  categoryName,
  t,
  badges,
  actions,
  footer,
  image,
}: {
  product: CardProduct;
  categoryName: string | null;
  t: TFunction<'products'>;
  badges?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  /** What to show instead of the cover (the owner's photo still on its way to the server). */
  image?: ReactNode;
}) {
  const styles = useStyles();
  const format = useFormat();
  const cover = coverOf(product);
  const available = product.availability_status === 'available';
  return (
    <article className={styles.card} data-testid="product-card" data-product-id={product.id}>
      <div className={styles.image}>
        {image ?? <ImageWithFallback key={cover.src} src={cover.src} srcSet={cover.srcSet} sizes={cover.sizes} alt={product.name} />}
      </div>
      <div className={styles.body}>
        <h2 className={styles.name} data-testid="product-name">
          <bdi>{product.name}</bdi>
        </h2>
        <div className={styles.line}>
          <span className={styles.price} data-testid="product-price">
            {t('card.pricePerUnit', { price: format.sar(product.price), unit: product.unit })}
          </span>
          <StatusBadge
            label={t(available ? 'card.available' : 'card.outOfStock')}
            tone={AVAILABILITY_TONE[product.availability_status]}
            status={product.availability_status}
            testId="availability"
          />
          {badges}
        </div>
        <Caption1 className={styles.muted}>{t('card.minQuantity', { quantity: format.number(product.min_quantity), unit: product.unit })}</Caption1>
        <div className={styles.line}>
          <Caption1 className={styles.muted}>
            <bdi>{product.supplier_name ?? t('card.unknownSupplier')}</bdi>
          </Caption1>
          <TierBadge tier={product.supplier_verification_tier} />
          {categoryName && (
            <Caption1 className={styles.muted} data-testid="product-category">
              <bdi>{categoryName}</bdi>
            </Caption1>
          )}
        </div>
        <Caption1>
          <RatingLine average={product.average_rating} count={product.total_reviews} t={t} testId="product-rating" />
        </Caption1>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
      {footer}
    </article>
  );
}
