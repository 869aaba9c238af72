/** Which column of the file each field is read from: guessed from the headers, the supplier may change it. */
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PRICE_LIST_FIELDS, type CellValue, type ColumnMapping } from '../../../shared/price-list';
import { useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  mapping: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' },
});

export function ColumnMappingFields({ headers, mapping, onChange }: { headers: CellValue[]; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('price-list');
  const format = useFormat();
  return (
    <div className={styles.mapping}>
      {PRICE_LIST_FIELDS.map((field) => (
        <Field key={field} label={t(`fields.${field}`)}>
          <Select
            value={mapping[field] === null ? '' : String(mapping[field])}
            onChange={(_, d) => onChange({ ...mapping, [field]: d.value === '' ? null : Number(d.value) })}
            data-testid={`map-${field}`}
          >
            <option value="">{t('import.notMapped')}</option>
            {headers.map((header, i) => (
              <option key={i} value={i}>
                {t('import.column', { n: format.number(i + 1), name: String(header ?? '').trim() })}
              </option>
            ))}
          </Select>
        </Field>
      ))}
    </div>
  );
}
