import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { ValidationFailed } from '../../data/local/hooks';
import { isolate } from '../../i18n/format';
import { issuesToErrors } from '../../ui/formInput';
import { useErrorText } from './CreateOrderDialog';
import { useOrderMutations } from './mutations';
import { OFFER_FIELDS, offerValuesFrom, validateOffer, type OfferErrors, type OfferField, type OfferValues } from './offerForm';

const useStyles = makeStyles({ form: { display: 'grid', gap: tokens.spacingVerticalM } });

/** The supplier's offer on one order; a second one replaces the first while it is still unanswered. */
export function OfferDialog({ order, existing, onClose }: { order: InstantOrder; existing: InstantOrderResponse | undefined; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['orders', 'common']);
  const errorText = useErrorText();
  const { offer } = useOrderMutations();
  const [values, setValues] = useState<OfferValues>(() => offerValuesFrom(existing));
  const [errors, setErrors] = useState<OfferErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: OfferField) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }));
  const field = (name: OfferField) => ({
    validationMessage: errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateOffer(values, order.id);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    try {
      await offer(order.id, input, existing?.id);
      onClose();
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(issuesToErrors(error.issues, OFFER_FIELDS, { blank: (f) => values[f].trim() === '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="offer-form">
          <DialogBody>
            <DialogTitle>{t(existing ? 'form.changeOfferTitle' : 'form.offerTitle', { title: isolate(order.title) })}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('form.fields.offered_price')} required {...field('offered_price')}>
                <Input name="offered_price" type="number" inputMode="decimal" min={0} step={0.01} value={values.offered_price} onChange={set('offered_price')} />
              </Field>
              <Field label={t('form.fields.delivery_time_hours')} hint={t('form.hints.delivery_time_hours')} {...field('delivery_time_hours')}>
                <Input name="delivery_time_hours" type="number" inputMode="numeric" min={1} step={1} value={values.delivery_time_hours} onChange={set('delivery_time_hours')} />
              </Field>
              <Field label={t('form.fields.notes')} {...field('notes')}>
                <Textarea name="notes" value={values.notes} onChange={set('notes')} resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="offer-submit">
                {t('form.sendOffer')}
              </Button>
              <Button type="button" onClick={onClose}>
                {t('form.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
