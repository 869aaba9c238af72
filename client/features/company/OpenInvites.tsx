/** The owner's open invites: what each makes someone, who created it and when, until when it works; revoke. */
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { revokeInvite, type CompanyInvite } from '../../data/api/company';
import type { Remote } from '../../data/useRemote';
import { useFormat } from '../../i18n/format';
import { ErrorBox } from '../../ui/ErrorBox';
import { ListSkeleton } from '../../ui/ListStates';
import type { Notice } from './CompanyScreen';
import { MEMBER_ROLE_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBlockStartWidth: '1px',
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
  },
  main: { display: 'grid', gap: tokens.spacingVerticalXXS, minInlineSize: 0, flexGrow: 1, flexBasis: '200px' },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export function OpenInvites({ invites, onChanged }: { invites: Remote<CompanyInvite[] | null>; onChanged: (notice: Notice) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const format = useFormat();
  const [busy, setBusy] = useState<string | null>(null);

  const revoke = async (id: string) => {
    setBusy(id);
    try {
      await revokeInvite(id);
      onChanged({ intent: 'success', text: t('open.revoked') });
    } catch (error) {
      onChanged({ intent: 'error', text: error instanceof ApiError ? error.message : t('failed') });
    } finally {
      setBusy(null);
    }
  };

  const rows = invites.data ?? [];
  return (
    <Card className={styles.root} data-testid="open-invites">
      <h2 className={styles.title}>{t('open.title')}</h2>
      {invites.error && !invites.loading ? (
        <ErrorBox message={invites.error.message} onRetry={invites.retry} />
      ) : !invites.data ? (
        <ListSkeleton rows={1} label={t('loading')} />
      ) : rows.length === 0 ? (
        <Text className={styles.muted}>{t('open.empty')}</Text>
      ) : (
        <ul className={styles.list} aria-busy={invites.loading}>
          {rows.map((invite) => {
            const created = format.date(invite.created_at);
            return (
              <li key={invite.id} className={styles.row} data-testid="open-invite" data-id={invite.id}>
                <div className={styles.main}>
                  <div>
                    <Badge appearance="tint" color={MEMBER_ROLE_TONE[invite.role]}>
                      {t(`roles.${invite.role}`)}
                    </Badge>
                  </div>
                  <Text size={200} className={styles.muted}>
                    {invite.created_by_name ? t('open.createdBy', { name: invite.created_by_name, date: created }) : t('open.createdOn', { date: created })}
                  </Text>
                  <Text size={200} className={styles.muted}>
                    {t('open.expires', { date: format.dateTime(invite.expires_at) })}
                  </Text>
                </div>
                <Button
                  icon={<DismissCircleRegular />}
                  disabled={busy === invite.id}
                  aria-label={t('open.revokeNamed', { role: t(`roles.${invite.role}`), date: created })}
                  onClick={() => void revoke(invite.id)}
                  data-testid="invite-revoke"
                >
                  {t('open.revoke')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
