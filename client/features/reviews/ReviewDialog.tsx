/**
 * The review form of a completed deal: 1 to 5 stars (5 by default), optionally one of the
 * products the deal bought, and an optional comment, about the deal's other party.
 * Written through the outbox, so it works offline; the server decides whether the deal
 * is completed and publishes the review once the other party has reviewed too.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_DEFAULT } from '../../../shared/constants';
import { ValidationFailed } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { StarsInput } from '../../ui/Rating';
import { useReviewWrite, type DealRef } from './mutations';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
});

export interface ReviewDeal {
  ref: DealRef;
  /** the other party's name, whom the review is about */
  name: string;
  /** the products of the deal the review may name (none offline, or for a seller) */
  products: ReadonlyArray<{ id: string; name: string }>;
}

export function ReviewDialog({ deal, onClose, onSaved }: { deal: ReviewDeal | null; onClose: () => void; onSaved?: () => void }) {
  return (
    <Dialog open={deal !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>{deal && <ReviewForm key={JSON.stringify(deal.ref)} deal={deal} onClose={onClose} onSaved={onSaved} />}</DialogSurface>
    </Dialog>
  );
}

function ReviewForm({ deal, onClose, onSaved }: { deal: ReviewDeal; onClose: () => void; onSaved?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const write = useReviewWrite();
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [comment, setComment] = useState('');
  const [product, setProduct] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await write({ ...deal.ref, rating, comment: comment.trim() || undefined, product_id: product || undefined });
      onSaved?.();
      onClose();
    } catch (e) {
      setError(e instanceof ValidationFailed ? t('invalid') : t('failed'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} data-testid="review-form">
      <DialogBody>
        <DialogTitle>{t('title', { name: deal.name })}</DialogTitle>
        <DialogContent className={styles.form}>
          {error && (
            <MessageBar layout="multiline" intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          <MessageBar layout="multiline" intent="info">
            <MessageBarBody>{t('blind')}</MessageBarBody>
          </MessageBar>
          <Field label={t('rating')} required>
            <StarsInput value={rating} onChange={setRating} legend={t('rating')} starLabel={(n) => t('stars', { count: n, formatted: format.number(n) })} />
          </Field>
          {deal.products.length > 0 && (
            <Field label={t('product')} hint={t('productHint')}>
              <Select value={product} onChange={(_, d) => setProduct(d.value)} data-testid="review-product-choice">
                <option value="">{t('noProduct')}</option>
                {deal.products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t('text')} hint={t('textHint')}>
            <Textarea value={comment} onChange={(_, d) => setComment(d.value)} resize="vertical" data-testid="review-text" />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy} data-testid="review-submit">
            {t('submit')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
