import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignupType } from '../../../shared/constants';
import { ApiError } from '../../data/api';
import { submitQuickSignup } from '../../data/api/quickSignup';
import {
  REQUIRED_FIELDS,
  issuesToFieldErrors,
  toRequestBody,
  validateQuickSignup,
  type FieldErrors,
  type QuickSignupField,
  type QuickSignupValues,
} from './quickSignupForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

const FIELD_INPUT: Record<Exclude<QuickSignupField, 'service_description'>, { type: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' }> = {
  company_name: { type: 'text', autoComplete: 'organization' },
  contact_person: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  city: { type: 'text', autoComplete: 'address-level2' },
  // Text: a number field drops Arabic-Indic digits, which the form reads (ui/formInput).
  experience_years: { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
};

interface Props {
  values: QuickSignupValues;
  onChange: (values: QuickSignupValues) => void;
  onSuccess: () => void;
  onCancel: () => void;
}

/**
 * The quick registration form. Checked with the shared schema before sending; the
 * server checks again. What the user typed stays when the server refuses or the
 * network fails (the values live in the dialog, not here).
 */
export function QuickSignupForm({ values, onChange, onSuccess, onCancel }: Props) {
  const styles = useStyles();
  const { t } = useTranslation(['services', 'common', 'errors']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof QuickSignupValues, value: string) => {
    onChange({ ...values, [field]: value });
    if (field in errors) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateQuickSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`quick-signup-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await submitQuickSignup(toRequestBody(values));
      onSuccess();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.details.length) setErrors(issuesToFieldErrors(apiError.details, values));
      setFailure(apiError?.message ?? t('errors:network_error'));
    } finally {
      setBusy(false);
    }
  };

  const textField = (field: Exclude<QuickSignupField, 'service_description'>) => (
    <Field
      key={field}
      label={t(`join.fields.${field}`)}
      required={REQUIRED_FIELDS.includes(field)}
      validationMessage={errors[field] ? t(`common:validation.${errors[field]}`) : undefined}
      hint={field === 'phone' ? t('join.phoneHint') : undefined}
    >
      <Input
        id={`quick-signup-${field}`}
        name={field}
        value={values[field]}
        onChange={(_, data) => set(field, data.value)}
        type={FIELD_INPUT[field].type as 'text'}
        autoComplete={FIELD_INPUT[field].autoComplete}
        inputMode={FIELD_INPUT[field].inputMode}
        min={field === 'experience_years' ? 0 : undefined}
        dir={field === 'phone' || field === 'email' ? 'ltr' : undefined}
      />
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="quick-signup-form">
      {failure && (
        <MessageBar layout="multiline" intent="error" role="alert" data-testid="quick-signup-error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('join.signupType')} required>
        <RadioGroup
          layout="horizontal"
          value={values.signupType}
          onChange={(_, data) => set('signupType', data.value as SignupType)}
        >
          <Radio value="supplier" label={t('join.types.supplier')} />
          <Radio value="transport" label={t('join.types.transport')} />
        </RadioGroup>
      </Field>
      {textField('company_name')}
      {textField('contact_person')}
      {textField('phone')}
      {textField('email')}
      {textField('city')}
      <Field
        label={t('join.fields.service_description')}
        required
        validationMessage={errors.service_description ? t(`common:validation.${errors.service_description}`) : undefined}
      >
        <Textarea
          id="quick-signup-service_description"
          name="service_description"
          value={values.service_description}
          onChange={(_, data) => set('service_description', data.value)}
          resize="vertical"
        />
      </Field>
      {textField('experience_years')}
      <div className={styles.actions}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" appearance="primary" disabled={busy} data-testid="quick-signup-submit">
          {busy ? t('join.sending') : t('join.submit')}
        </Button>
      </div>
    </form>
  );
}
