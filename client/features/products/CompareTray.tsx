/**
 * The compare tray under the catalogue's filters: how many products are chosen (of
 * COMPARE_MAX), why a further one was refused, the way to the comparison (two or more
 * chosen) and to clear the choice.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, TableSimpleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { COMPARE_MAX, clearCompare } from './useCompareSelection';

const useStyles = makeStyles({
  tray: {
    position: 'sticky',
    insetBlockStart: '56px',
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: tokens.shadow4,
  },
  count: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  full: { flexBasis: '100%', color: tokens.colorPaletteRedForeground1 },
});

/** The comparison's address for these products. */
export const compareHref = (ids: readonly string[]) => `${PATHS.compare}?ids=${ids.join(',')}`;

export function CompareTray({ ids, full, onClear }: { ids: readonly string[]; full: boolean; onClear: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('products');
  const format = useFormat();
  const navigate = useNavigate();
  if (!ids.length && !full) return null;
  return (
    <div className={styles.tray} role="region" aria-label={t('compare.tray')} data-testid="compare-tray">
      <Text className={styles.count} role="status" data-testid="compare-count">
        {t('compare.chosen', { count: ids.length, max: format.number(COMPARE_MAX) })}
      </Text>
      <Button appearance="primary" icon={<TableSimpleRegular />} disabled={ids.length < 2} onClick={() => void navigate(compareHref(ids))} data-testid="compare-open">
        {t('compare.open')}
      </Button>
      <Button
        appearance="subtle"
        icon={<DismissRegular />}
        onClick={() => {
          clearCompare();
          onClear();
        }}
        data-testid="compare-clear"
      >
        {t('compare.clear')}
      </Button>
      {full && (
        <Text className={styles.full} role="alert" data-testid="compare-full">
          {t('compare.full', { count: COMPARE_MAX })}
        </Text>
      )}
    </div>
  );
}
