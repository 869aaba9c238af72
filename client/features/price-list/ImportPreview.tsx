/** Every row of a chosen price list with what it will do and its problems. */
import { Badge } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckedRow } from '../../../shared/price-list';
import { useFormat } from '../../i18n/format';
import { SheetPreview, type PreviewColumn } from '../../ui/SheetPreview';
import { useIssueText } from './useIssueText';

const COLORS = { create: 'brand', update: 'informative', unchanged: 'subtle', invalid: 'danger' } as const;

export function ImportPreview({ rows }: { rows: CheckedRow[] }) {
  const { t } = useTranslation('price-list');
  const format = useFormat();
  const issueText = useIssueText();
  const columns = useMemo((): Array<PreviewColumn<CheckedRow>> => {
    const num = (n: number | null) => (n === null ? '' : format.number(n));
    /** The price, or the old and the new one when the row changes it (the arrow is the translation's, pointing in the reading direction). */
    const priceText = (r: CheckedRow) =>
      r.before && r.price !== null && r.price !== r.before.price ? t('import.priceChange', { before: format.number(r.before.price), after: format.number(r.price) }) : num(r.price);
    return [
      { header: t('import.line'), width: '60px', cell: (r) => format.number(r.line) },
      {
        header: t('import.status'),
        width: '100px',
        cell: (r) => (
          <Badge appearance="tint" color={COLORS[r.action]}>
            {t(`import.actions.${r.action}`)}
          </Badge>
        ),
      },
      { header: t('fields.sku'), width: 'minmax(80px,1fr)', cell: (r) => r.sku },
      { header: t('fields.name'), width: 'minmax(160px,2fr)', cell: (r) => r.name },
      { header: t('fields.price'), width: 'minmax(120px,1fr)', cell: priceText },
      { header: t('fields.stock'), width: 'minmax(80px,1fr)', cell: (r) => num(r.stock) },
      { header: t('import.problems'), width: 'minmax(200px,3fr)', cell: (r) => issueText(r.issues), problems: true },
    ];
  }, [t, format, issueText]);
  return <SheetPreview rows={rows} columns={columns} label={t('import.preview')} minWidth="900px" rowData={(r) => ({ 'data-line': r.line, 'data-action': r.action })} />;
}
