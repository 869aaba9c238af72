import {
  Button,
  Card,
  CardHeader,
  Dialog,
  DialogActions,
  DialogBody,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectionRow } from '../../data/db/schema';
import { ValidationFailed, useRejectionActions } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { DECIMAL_INPUT, parseNumber } from '../../ui/formInput';
import { actionLabel, editableFields, reasonOf } from '../../ui/refusals';

const useStyles = makeStyles({
  card: { borderInlineStartWidth: '4px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteRedBorder2 },
  reason: { color: tokens.colorPaletteRedForeground1 },
  form: { display: 'grid', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** One refused action: what it was, why the server refused it, and edit-and-resend or discard. */
export function RejectionCard({ rejection }: { rejection: RejectionRow }) {
  const styles = useStyles();
  const { t } = useTranslation(['sync', 'common', 'errors']);
  const format = useFormat();
  const { resend, discard } = useRejectionActions();
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = editableFields(rejection.args);

  const submit = async () => {
    const args: Record<string, unknown> = { ...rejection.args };
    for (const field of fields) {
      const raw = values[field.key] ?? field.value;
      args[field.key] = field.kind === 'number' ? parseNumber(raw) : raw;
    }
    try {
      await resend(rejection, args);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(Object.fromEntries(error.issues.map((i) => [i.path.split('.')[0], t('common:validation.invalid')])));
    }
  };

  return (
    <Card className={styles.card} data-testid="rejection" data-code={rejection.code}>
      <CardHeader
        header={<Text weight="semibold">{actionLabel(t, rejection.name)}</Text>}
        description={t('centre.madeAt', { when: format.date(rejection.created_at) })}
      />
      <Text className={styles.reason} data-testid="rejection-reason">
        {t('centre.reason', { reason: reasonOf(t, rejection) })}
      </Text>
      {editing && (
        <div className={styles.form} role="group" aria-label={t('centre.fieldsTitle')}>
          {fields.map((field) => (
            <Field key={field.key} label={t(`fields.${field.key}`, { defaultValue: field.key })} validationMessage={errors[field.key]}>
              <Input
                {...(field.kind === 'number' ? DECIMAL_INPUT : {})}
                value={values[field.key] ?? field.value}
                onChange={(_, data) => setValues((v) => ({ ...v, [field.key]: data.value }))}
              />
            </Field>
          ))}
        </div>
      )}
      <div className={styles.actions}>
        {editing ? (
          <Button appearance="primary" onClick={() => void submit()} data-testid="rejection-resend">
            {t('centre.resend')}
          </Button>
        ) : (
          <Button appearance="primary" onClick={() => setEditing(true)} data-testid="rejection-edit">
            {fields.length ? t('centre.edit') : t('centre.resend')}
          </Button>
        )}
        <Button onClick={() => setConfirmDiscard(true)} data-testid="rejection-discard">
          {t('centre.discard')}
        </Button>
      </div>
      <Dialog open={confirmDiscard} onOpenChange={(_, data) => setConfirmDiscard(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('centre.discardConfirm')}</DialogTitle>
            <DialogActions>
              <Button appearance="primary" onClick={() => void discard(rejection)} data-testid="rejection-discard-confirm">
                {t('centre.discard')}
              </Button>
              <Button onClick={() => setConfirmDiscard(false)}>{t('centre.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
