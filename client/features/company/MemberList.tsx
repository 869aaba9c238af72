/**
 * The team: each person's name, email, place in the company and when they joined; the
 * owner removes people after a question (ConfirmDialog).
 */
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { removeMember, type CompanyMember } from '../../data/api/company';
import type { Remote } from '../../data/useRemote';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorBox } from '../../ui/ErrorBox';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import type { Notice } from './CompanyScreen';
import { canRemove, sortMembers, type CompanyAbilities } from './companyRules';
import { MEMBER_ROLE_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
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
  nameLine: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { overflowWrap: 'anywhere' },
  email: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function MemberList({
  members,
  abilities,
  me,
  onChanged,
}: {
  members: Remote<CompanyMember[] | null>;
  abilities: CompanyAbilities;
  me: string;
  onChanged: (notice: Notice) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const format = useFormat();
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (m: CompanyMember) => m.name || m.email;

  const remove = async (member: CompanyMember) => {
    setRemoving(null);
    setBusy(true);
    try {
      await removeMember(member.user_id);
      onChanged({ intent: 'success', text: t('members.removed', { name: nameOf(member) }) });
    } catch (error) {
      onChanged({ intent: 'error', text: error instanceof ApiError ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  const rows = members.data ? sortMembers(members.data) : [];
  return (
    <Card className={styles.root} data-testid="company-members">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('members.title')}</h2>
        {members.data && (
          <Text className={styles.muted} data-testid="company-count">
            {t('members.count', { count: rows.length })}
          </Text>
        )}
      </div>
      {members.error && !members.loading ? (
        <ErrorBox message={members.error.message} onRetry={members.retry} />
      ) : !members.data ? (
        <ListSkeleton rows={2} label={t('loading')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('members.empty')} />
      ) : (
        <ul className={styles.list} aria-busy={members.loading} data-testid="company-list">
          {rows.map((m) => (
            <li key={m.user_id} className={styles.row} data-testid="company-member" data-role={m.role}>
              <div className={styles.main}>
                <div className={styles.nameLine}>
                  <Text weight="semibold" className={styles.name}>
                    <bdi>{nameOf(m)}</bdi>
                  </Text>
                  <Badge appearance="tint" color={MEMBER_ROLE_TONE[m.role]} data-testid="member-role">
                    {t(`roles.${m.role}`)}
                  </Badge>
                  {m.user_id === me && (
                    <Badge appearance="outline" color="subtle">
                      {t('members.you')}
                    </Badge>
                  )}
                </div>
                {m.name && (
                  <Text size={200} className={styles.email}>
                    <bdi>{m.email}</bdi>
                  </Text>
                )}
                <Text size={200} className={styles.muted}>
                  {t('members.joined', { date: format.date(m.joined_at) })}
                </Text>
              </div>
              {canRemove(abilities, m, me) && (
                <Button
                  icon={<PersonDeleteRegular />}
                  disabled={busy}
                  aria-label={t('members.removeNamed', { name: nameOf(m) })}
                  onClick={() => setRemoving(m)}
                  data-testid="member-remove"
                >
                  {t('members.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('confirmRemove.title', { name: nameOf(removing) }) : ''}
        body={t('confirmRemove.body')}
        confirm={t('confirmRemove.confirm')}
        dismiss={t('confirmRemove.cancel')}
        confirmTestId="member-remove-confirm"
        onConfirm={() => removing && void remove(removing)}
        onDismiss={() => setRemoving(null)}
      />
    </Card>
  );
}
