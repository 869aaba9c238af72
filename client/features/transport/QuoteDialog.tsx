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
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { ValidationFailed } from '../../data/local/hooks';
import { isolate } from '../../i18n/format';
import { issuesToErrors } from '../../ui/formInput';
import { useErrorText } from './CreateRequestDialog';
import { useTransportMutations } from './mutations';
import { QUOTE_FIELDS, quoteValuesFrom, validateQuote, type QuoteErrors, type QuoteField, type QuoteValues } from './quoteForm';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
});

/** A company's quote on a pending request; a second one replaces the first while it is unanswered. */
export function QuoteDialog({ request, existing, onClose }: { request: TransportRequest; existing: TransportOffer | undefined; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['transport', 'common']);
  const errorText = useErrorText();
  const { quote } = useTransportMutations();
  const [values, setValues] = useState<QuoteValues>(() => quoteValuesFrom(existing));
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (f: QuoteField) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [f]: data.value }));
  const field = (name: QuoteField) => ({
    label: t(`form.fields.${name}`),
    validationMessage: errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateQuote(values, request.id);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    try {
      await quote(request.id, input, existing?.id);
      onClose();
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(issuesToErrors(error.issues, QUOTE_FIELDS, { blank: (f) => values[f].trim() === '' }));
    } finally {
      setBusy(false);
    }
  };

  const route = t('card.route', { from: isolate(request.pickup_location), to: isolate(request.delivery_location) });
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="quote-form">
          <DialogBody>
            <DialogTitle>{t(existing ? 'form.changeQuoteTitle' : 'form.quoteTitle', { route })}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field required {...field('quoted_price')}>
                <Input name="quoted_price" type="number" inputMode="decimal" min={0} step={0.01} value={values.quoted_price} onChange={set('quoted_price')} />
              </Field>
              <Field {...field('estimated_pickup_time')}>
                <Input name="estimated_pickup_time" type="datetime-local" value={values.estimated_pickup_time} onChange={set('estimated_pickup_time')} />
              </Field>
              <Field {...field('estimated_delivery_time')}>
                <Input name="estimated_delivery_time" type="datetime-local" value={values.estimated_delivery_time} onChange={set('estimated_delivery_time')} />
              </Field>
              <Field {...field('vehicle_details')}>
                <Input name="vehicle_details" value={values.vehicle_details} onChange={set('vehicle_details')} />
              </Field>
              <Field {...field('notes')}>
                <Textarea name="notes" value={values.notes} onChange={set('notes')} resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="quote-submit">
                {t('form.sendQuote')}
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
