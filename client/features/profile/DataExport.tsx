/**
 * "Download my data": everything Binaa holds about the person and their company's records
 * they can see, as a ZIP the server prepares in the background. Start, the progress while it
 * prepares (the hook asks again every few seconds), then the link to the ZIP until it expires.
 */
import { Button, Card, Link, MessageBar, MessageBarBody, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { accountExportDownloadUrl, useAccountExport } from '../../data/api/account-export';
import { useFormat } from '../../i18n/format';
import { useOnline } from '../../ui/useOnline';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export function DataExport() {
  const styles = useStyles();
  const { t } = useTranslation('profile');
  const format = useFormat();
  const online = useOnline();
  const { job, error, starting, start } = useAccountExport();
  const preparing = job?.status === 'preparing';
  // In the reader's language and units: 840 kB, 12.5 MB.
  const size = (bytes: number) =>
    format.number(bytes < 1_000_000 ? Math.max(1, bytes / 1000) : bytes / 1_000_000, { style: 'unit', unit: bytes < 1_000_000 ? 'kilobyte' : 'megabyte', maximumFractionDigits: bytes < 1_000_000 ? 0 : 1 });

  return (
    <Card className={styles.root} data-testid="data-export">
      <h2 className={styles.title}>{t('dataExport.title')}</h2>
      <Text className={styles.muted}>{t('dataExport.hint')}</Text>
      {preparing && (
        <div data-testid="data-export-progress">
          <ProgressBar value={job.progress / 100} thickness="large" aria-label={t('dataExport.title')} />
          <Text>{t('dataExport.preparing', { percent: format.number(job.progress) })}</Text>
        </div>
      )}
      {job?.status === 'ready' && (
        <div className={styles.row}>
          <Link className={styles.link} href={accountExportDownloadUrl(job.id)} download data-testid="data-export-download">
            <ArrowDownloadRegular />
            {t('dataExport.download', { size: size(job.bytes ?? 0) })}
          </Link>
          <Text size={200} className={styles.muted}>
            {t('dataExport.keptUntil', { date: format.date(job.expires_at) })}
          </Text>
        </div>
      )}
      {job?.status === 'failed' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{t('dataExport.failed')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button onClick={() => void start()} disabled={starting || preparing || !online || job === undefined} data-testid="data-export-start">
          {t(job?.status === 'ready' ? 'dataExport.startAgain' : 'dataExport.start')}
        </Button>
        {!online && <Text className={styles.muted}>{t('dataExport.offline')}</Text>}
      </div>
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
