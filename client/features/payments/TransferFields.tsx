import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** The day a transfer was made (not after today in Riyadh) and the bank's reference: one transfer's fields, for one invoice or several. */
export function TransferFields(props: { today: string; paidOn: string; onPaidOn: (v: string) => void; reference: string; onReference: (v: string) => void; testIdPrefix: string }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <Field label={t('record.paidOn')} required>
        <Input type="date" value={props.paidOn} max={props.today} onChange={(_, d) => props.onPaidOn(d.value)} data-testid={`${props.testIdPrefix}-paid-on`} />
      </Field>
      <Field label={t('record.reference')} required>
        <Input value={props.reference} onChange={(_, d) => props.onReference(d.value)} data-testid={`${props.testIdPrefix}-reference`} />
      </Field>
    </>
  );
}
