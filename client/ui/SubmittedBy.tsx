/**
 * Who, in a company of several people, submitted a bid, an offer or a quote for it. Shows
 * nothing when the server does not know (rows made before teams).
 */
import { Caption1, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function SubmittedBy({ name }: { name: string | null | undefined }) {
  const { t } = useTranslation('common');
  if (!name) return null;
  return (
    <Caption1 style={{ color: tokens.colorNeutralForeground3 }} data-testid="submitted-by">
      {t('status.submittedBy', { name })}
    </Caption1>
  );
}
