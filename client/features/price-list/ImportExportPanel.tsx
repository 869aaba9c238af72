/**
 * Import a price list and export the catalogue. The file is read and checked in the
 * browser (shared/price-list.ts against the products, categories and plan on this
 * device), so the preview of thousands of rows takes no round trip; applying sends the
 * rows as read and the server checks them again against its own state before writing
 * (online only: one transaction, all or none). The export is written from the device's
 * copy, so it works offline. The state and actions are usePriceListImport's; this panel
 * lays out its sections.
 */
import { Button, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PRICE_LIST_FIELDS, type ImportMode } from '../../../shared/price-list';
import { ColumnMappingFields } from '../../ui/ColumnMappingFields';
import { SheetFileButton } from '../../ui/SheetFileButton';
import { toLanguageCode } from '../../i18n/languages';
import { useFormat } from '../../i18n/format';
import { ImportNotice } from './ImportNotice';
import { ImportPreview } from './ImportPreview';
import { usePriceListImport } from './usePriceListImport';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXL },
  section: { display: 'grid', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusLarge },
  title: { margin: 0, fontSize: tokens.fontSizeBase500 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

export function ImportExportPanel({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['price-list', 'common']);
  const format = useFormat();
  const io = usePriceListImport(supplierId, toLanguageCode(i18n.resolvedLanguage));
  const { online, busy, file, mapping, summary, last } = io;

  return (
    <div className={styles.root} data-testid="import-export">
      {io.outcome && <ImportNotice outcome={io.outcome} />}

      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title" className={styles.title}>
          {t('export.title')}
        </h2>
        <Text>{t('export.body')}</Text>
        <div className={styles.actions}>
          {(['xlsx', 'csv'] as const).map((kind) => (
            <Button key={kind} icon={<ArrowDownloadRegular />} disabled={!io.canExport || busy !== null} onClick={() => void io.exportAs(kind, t('export.fileName'))} data-testid={`export-${kind}`}>
              {t(`export.${kind}`)}
            </Button>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="import-title">
        <h2 id="import-title" className={styles.title}>
          {t('import.title')}
        </h2>
        <Text>{t('import.body')}</Text>
        {!online && (
          <MessageBar layout="multiline" intent="warning">
            <MessageBarBody>{t('import.offline')}</MessageBarBody>
          </MessageBar>
        )}
        {last && (
          <div className={styles.actions} data-testid="last-import">
            <Text>
              {last.undone_at
                ? t('import.lastUndone', { date: format.dateTime(last.created_at) })
                : t('import.last', { date: format.dateTime(last.created_at), create: format.number(last.summary.create), update: format.number(last.summary.update) })}
            </Text>
            {!last.undone_at && (
              <Button icon={<ArrowUndoRegular />} disabled={!online || busy !== null} onClick={() => void io.undo()} data-testid="undo-import">
                {t('import.undo')}
              </Button>
            )}
          </div>
        )}
        <div className={styles.actions}>
          <SheetFileButton label={t('import.choose')} onFile={(f) => void io.choose(f)} disabled={busy !== null} primary={!file} inputTestId="import-file" buttonTestId="choose-file" />
          {busy === 'reading' && <Spinner size="tiny" label={t('import.reading')} />}
          {file && (
            <Text weight="semibold">
              <bdi>{file.name}</bdi>
            </Text>
          )}
        </div>

        {file && mapping && (
          <>
            <fieldset className={styles.section}>
              <legend>{t('import.mapping')}</legend>
              <ColumnMappingFields fields={PRICE_LIST_FIELDS} label={(f) => t(`fields.${f}`)} headers={file.sheet.headers} mapping={mapping} onChange={io.setMapping} />
            </fieldset>

            <RadioGroup value={io.mode} onChange={(_, d) => io.setMode(d.value as ImportMode)} aria-label={t('import.mode')} data-testid="import-mode">
              <Radio value="all" label={t('import.modeAll')} data-testid="mode-all" />
              <Radio value="valid" label={t('import.modeValid')} data-testid="mode-valid" />
            </RadioGroup>

            {summary && (
              <Text weight="semibold" data-testid="import-summary" role="status">
                {t('import.summary', {
                  create: format.number(summary.create),
                  update: format.number(summary.update),
                  unchanged: format.number(summary.unchanged),
                  invalid: format.number(summary.invalid),
                })}
              </Text>
            )}
            {io.checked && <ImportPreview rows={io.checked} />}
            {io.blocked && (
              <MessageBar layout="multiline" intent="warning">
                <MessageBarBody>{t('import.blocked')}</MessageBarBody>
              </MessageBar>
            )}
            <div className={styles.actions}>
              <Button appearance="primary" disabled={!online || busy !== null || !io.checked || io.blocked || io.nothing} onClick={() => void io.apply()} data-testid="apply-import">
                {busy === 'applying' ? t('import.applying') : t('import.apply')}
              </Button>
              <Button onClick={io.cancel} disabled={busy !== null}>
                {t('import.cancel')}
              </Button>
              {io.nothing && <Text>{t('import.nothing')}</Text>}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
