import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';

/** A row's problems as one translated list in the reader's language: "Name missing and unit missing". */
export function useIssueText(): (issues: readonly string[]) => string {
  const { t } = useTranslation('stock');
  const format = useFormat();
  return useCallback((issues) => format.list(issues.map((i) => t(`issues.${i}`))), [t, format]);
}
