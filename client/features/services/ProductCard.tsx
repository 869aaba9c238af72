import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TierBadge } from '../../app/nav/TierBadge';
import { ImageWithFallback } from '../../app/ui/ImageWithFallback';
import { Rating } from '../../app/ui/Rating';
import type { ProductListItem } from '../../data/types';
import { isolate, useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: '96px 1fr',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  image: { inlineSize: '96px', blockSize: '96px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** One product of the public catalogue. */
export function ProductCard({ product }: { product: ProductListItem }) {
  const styles = useStyles();
  const { t } = useTranslation('services');
  const format = useFormat();
  const available = product.availability_status === 'available';
  return (
    <article className={styles.card} data-testid="product-card">
      <div className={styles.image}>
        <ImageWithFallback src={product.image_url} alt={product.name} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <bdi>{product.name}</bdi>
        </h3>
        <div className={styles.line}>
          <span className={styles.price}>{t('product.pricePerUnit', { price: isolate(format.sar(product.price)), unit: isolate(product.unit) })}</span>
          <Badge appearance="tint" color={available ? 'success' : 'danger'}>
            {t(available ? 'product.available' : 'product.outOfStock')}
          </Badge>
        </div>
        <div className={styles.line}>
          <Caption1 className={styles.muted}>
            <bdi>{product.supplier_name ?? t('product.unknownSupplier')}</bdi>
          </Caption1>
          <TierBadge tier={product.supplier_verification_tier} />
        </div>
        <div className={styles.line}>
          {product.category_name && (
            <Caption1 className={styles.muted}>
              <bdi>{product.category_name}</bdi>
            </Caption1>
          )}
          <Caption1 className={styles.muted}>
            {t('product.minQuantity', { quantity: format.number(product.min_quantity), unit: isolate(product.unit) })}
          </Caption1>
        </div>
        <Caption1>
          <Rating average={product.average_rating} count={product.total_reviews} />
        </Caption1>
      </div>
    </article>
  );
}
