import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TERMS_DAYS, type PaymentTermsDays } from '../../../shared/schemas/payment';

/** A choice of payment terms (on receipt, 15, 30 or 60 days): a seller's default, or an invoice's at issue. */
export function PaymentTermsSelect({ label, hint, value, onChange, testId }: { label: string; hint?: string; value: PaymentTermsDays; onChange: (days: PaymentTermsDays) => void; testId: string }) {
  const { t } = useTranslation('payments');
  return (
    <Field label={label} hint={hint}>
      <Select value={String(value)} onChange={(_, d) => onChange(Number(d.value) as PaymentTermsDays)} data-testid={testId}>
        {PAYMENT_TERMS_DAYS.map((days) => (
          <option key={days} value={days}>
            {t(`terms.days${days}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
