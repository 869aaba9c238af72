/**
 * Which column of an imported file each field is read from: guessed from the headers
 * (shared/sheet-headers.ts), the person may change it. Any import's fields, labelled by
 * the caller.
 */
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CellValue, ColumnMapping } from '../../shared/sheet-headers';
import { useFormat } from '../i18n/format';

const useStyles = makeStyles({
  mapping: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' },
});

export function ColumnMappingFields<F extends string>({
  fields,
  label,
  headers,
  mapping,
  onChange,
}: {
  fields: readonly F[];
  label: (field: F) => string;
  headers: CellValue[];
  mapping: ColumnMapping<F>;
  onChange: (mapping: ColumnMapping<F>) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.mapping}>
      {fields.map((field) => (
        <Field key={field} label={label(field)}>
          <Select
            value={mapping[field] === null ? '' : String(mapping[field])}
            onChange={(_, d) => onChange({ ...mapping, [field]: d.value === '' ? null : Number(d.value) })}
            data-testid={`map-${field}`}
          >
            <option value="">{t('sheet.notMapped')}</option>
            {headers.map((header, i) => (
              <option key={i} value={i}>
                {t('sheet.column', { n: format.number(i + 1), name: String(header ?? '').trim() })}
              </option>
            ))}
          </Select>
        </Field>
      ))}
    </div>
  );
}
