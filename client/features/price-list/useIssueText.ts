import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { ROW_ISSUES, type RowIssue } from '../../../shared/price-list';

/** An issue code the locale names; a code from a newer server is shown as it is. */
const isRowIssue = (code: string): code is RowIssue => ROW_ISSUES.some((known) => known === code);

/** A row's problems as one translated list in the reader's language: "Name missing and unit missing". */
export function useIssueText(): (issues: readonly string[]) => string {
  const { t } = useTranslation('price-list');
  const format = useFormat();
  return useCallback((issues) => format.list(issues.map((i) => (isRowIssue(i) ? t(`issues.${i}`) : i))), [t, format]);
}
