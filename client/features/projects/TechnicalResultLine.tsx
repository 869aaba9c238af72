import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXXS },
  pass: { color: tokens.colorPaletteGreenForeground1 },
  fail: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * A bidder's own technical result on a two-envelope tender: waiting for the evaluation
 * once the bids are opened, then passed, or failed with the owner's reason, the bond
 * released and the financial envelope never to be opened.
 */
export function TechnicalResultLine({ bid, opened }: { bid: Bid; opened: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  if (!bid.technical || bid.status === 'withdrawn') return null;
  const result = bid.technical_result;
  if (!result) return opened ? <Text data-testid="technical-result" data-result="pending">{t('bid.technicalPending')}</Text> : null;
  return (
    <div className={styles.root} data-testid="technical-result" data-result={result.pass ? 'pass' : 'fail'}>
      {result.pass ? (
        <Text className={styles.pass} weight="semibold">
          <CheckmarkCircleRegular aria-hidden /> {t('bid.technicalPassed')}
        </Text>
      ) : (
        <>
          <Text className={styles.fail} weight="semibold">
            <DismissCircleRegular aria-hidden /> {t('bid.technicalFailed', { reason: result.reason ?? '—' })}
          </Text>
          <Text data-testid="bond-released">{bid.bid_bond ? t('bid.bondReleased') : t('bid.financialSealed')}</Text>
        </>
      )}
    </div>
  );
}
