import { Button, CounterBadge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowSyncRegular,
  CheckmarkCircleRegular,
  CloudOffRegular,
  ErrorCircleRegular,
  PersonWarningRegular,
  WarningRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { startLogin } from '../../data/api/auth';
import { useRejections, useSyncState, useWaitingCount } from '../../data/local/hooks';
import { useSession } from '../../data/session';
import { PATHS } from '../../paths';

const useStyles = makeStyles({
  // On a phone the bar has room for the icon and a count only; the words stay in the
  // button's name and tooltip.
  label: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxInlineSize: '14rem', '@media (max-width: 639px)': { display: 'none' } },
  count: { '@media (min-width: 640px)': { display: 'none' } },
  warn: { color: tokens.colorPaletteMarigoldForeground2 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  good: { color: tokens.colorPaletteGreenForeground1 },
});

type SyncIndicator = 'signIn' | 'forbidden' | 'offline' | 'sending' | 'waiting' | 'refused' | 'error' | 'syncing' | 'synced';

/**
 * The sync state in the navigation bar: online and up to date,
 * offline, sending N, N waiting, refused actions, or "sign in again". It opens the sync
 * centre, or the sign-in when the session has expired.
 */
export function SyncStatus() {
  const styles = useStyles();
  const { t } = useTranslation('sync');
  const navigate = useNavigate();
  const { session } = useSession();
  const state = useSyncState();
  const refused = useRejections().length;
  const waiting = useWaitingCount();
  const expired = session.status === 'signedIn' && session.expired;

  const [indicator, text, Icon, tone]: [SyncIndicator, string, FluentIcon, string] = expired || state.phase === 'unauthorized'
    ? ['signIn', t('status.signInAgain'), PersonWarningRegular, styles.bad]
    : state.phase === 'forbidden'
      ? ['forbidden', t('status.forbidden'), ErrorCircleRegular, styles.bad]
      : state.phase === 'offline'
        ? ['offline', waiting ? `${t('status.offline')} · ${t('status.waiting', { count: waiting })}` : t('status.offline'), CloudOffRegular, styles.warn]
        : state.sending > 0
          ? ['sending', t('status.sending', { count: state.sending }), ArrowSyncRegular, styles.warn]
          : refused > 0
            ? ['refused', t('status.refused', { count: refused }), WarningRegular, styles.bad]
            : waiting > 0
              ? ['waiting', t('status.waiting', { count: waiting }), ArrowSyncRegular, styles.warn]
              : state.phase === 'error'
                ? ['error', t('status.error'), CloudOffRegular, styles.warn]
                : state.phase === 'syncing' || state.lastSyncedAt === null
                  ? ['syncing', t('status.syncing'), ArrowSyncRegular, '']
                  : ['synced', t('status.synced'), CheckmarkCircleRegular, styles.good];

  const onClick = () => (indicator === 'signIn' ? void startLogin() : navigate(PATHS.syncCentre));
  return (
    <Tooltip content={state.quotaExceeded ? t('status.quota') : text} relationship="description">
      <Button
        appearance="subtle"
        size="small"
        icon={<span className={tone}><Icon /></span>}
        onClick={onClick}
        aria-label={`${t('status.label')}: ${text}`}
        data-testid="sync-status"
        data-state={indicator}
        data-waiting={waiting}
      >
        <span className={styles.label} data-testid="sync-status-text">
          {text}
        </span>
        {(indicator === 'waiting' || indicator === 'offline' || indicator === 'refused') && (waiting || refused) > 0 && (
          <CounterBadge className={styles.count} size="small" color={indicator === 'refused' ? 'danger' : 'informative'} count={indicator === 'refused' ? refused : waiting} aria-hidden />
        )}
      </Button>
    </Tooltip>
  );
}
