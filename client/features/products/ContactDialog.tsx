/**
 * How to reach a product's supplier: the name and tier, and the phone and website of
 * their profile (the product row carries them, so this works offline), else the way to
 * ask through an instant order.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link as FluentLink, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TierBadge } from '../../ui/TierBadge';
import { PATHS } from '../../paths';
import type { LocalProduct } from '../../data/db/schema';
import { formatSaudiPhone } from '../../ui/phone';

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalS },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function ContactDialog({ product, onClose }: { product: LocalProduct | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('products');
  const p = product;
  return (
    <Dialog open={p !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        {p && (
          <DialogBody>
            <DialogTitle>{t('contact.title')}</DialogTitle>
            <DialogContent className={styles.body} data-testid="contact-dialog">
              <div className={styles.line}>
                <Text weight="semibold">
                  <bdi>{p.supplier_name ?? t('card.unknownSupplier')}</bdi>
                </Text>
                <TierBadge tier={p.supplier_verification_tier} />
              </div>
              {p.supplier_phone ? (
                <Text>
                  {t('contact.phone')}{' '}
                  <FluentLink href={`tel:${p.supplier_phone}`} dir="ltr" data-testid="supplier-phone">
                    {formatSaudiPhone(p.supplier_phone)}
                  </FluentLink>
                </Text>
              ) : null}
              {p.supplier_website ? (
                <Text>
                  {t('contact.website')}{' '}
                  <FluentLink href={p.supplier_website} target="_blank" rel="noopener noreferrer" dir="ltr" data-testid="supplier-website">
                    {p.supplier_website}
                  </FluentLink>
                </Text>
              ) : null}
              {!p.supplier_phone && !p.supplier_website && <Text className={styles.muted}>{t('contact.none')}</Text>}
            </DialogContent>
            <DialogActions>
              <Link to={PATHS.instantOrders}>{t('contact.instantOrder')}</Link>
              <Link to={`${PATHS.companyPage}/${p.supplier_id}?${new URLSearchParams({ name: p.supplier_name ?? '' })}`} data-testid="supplier-reviews">
                {t('actions.supplierReviews')}
              </Link>
              <Button appearance="primary" onClick={onClose}>
                {t('actions.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
