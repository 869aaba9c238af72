/**
 * The review form: 1 to 5 stars, 5 by default, and optional
 * text, on a product or a user. Written through the outbox, so it works offline; the
 * product's average and count move at once.
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
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_DEFAULT, type ReviewTargetType } from '../../../shared/constants';
import { ValidationFailed } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { StarsInput } from '../../ui/Rating';
import { useReviewWrite } from './mutations';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
});

export interface ReviewTarget {
  type: ReviewTargetType;
  id: string;
  name: string;
}

export function ReviewDialog({ target, onClose, onSaved }: { target: ReviewTarget | null; onClose: () => void; onSaved?: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>{target && <ReviewForm key={`${target.type}:${target.id}`} target={target} onClose={onClose} onSaved={onSaved} />}</DialogSurface>
    </Dialog>
  );
}

function ReviewForm({ target, onClose, onSaved }: { target: ReviewTarget; onClose: () => void; onSaved?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const write = useReviewWrite();
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await write({ target_type: target.type, target_id: target.id, rating, text: text.trim() || undefined });
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
        <DialogTitle>{t(`title.${target.type}`, { name: target.name })}</DialogTitle>
        <DialogContent className={styles.form}>
          {error && (
            <MessageBar layout="multiline" intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('rating')} required>
            <StarsInput
              value={rating}
              onChange={setRating}
              legend={t('rating')}
              starLabel={(n) => t('stars', { count: n, formatted: format.number(n) })}
            />
          </Field>
          <Field label={t('text')} hint={t('textHint')}>
            <Textarea value={text} onChange={(_, d) => setText(d.value)} resize="vertical" data-testid="review-text" />
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
