/**
 * /company: the company's people. Everyone in the company but a driver reads the list
 * (name, email, place, when they joined); the owner also invites (a one-time link), sees
 * and revokes open invites, and removes people. The team is online-only REST
 * (data/api/company.ts): offline the screen says so instead of failing. The tax profile and
 * the e-invoicing onboarding are the company's settings page of their own (TaxScreen). A
 * seller also sees its own scorecard here, with the orders behind lower figures, and every
 * company its verification tier and what the next one needs (TierProgress).
 */
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useCompanyInvites, useCompanyMembers } from '../../data/api/company';
import { useOwnScorecard } from '../../data/api/scorecards';
import { OwnScorecard } from './OwnScorecard';
import { useTierProgress } from '../../data/api/tiers';
import { TierProgress } from './TierProgress';
import { useSession } from '../../data/session';
import { useOnline } from '../../ui/useOnline';
import { InvitePanel } from './InvitePanel';
import { MemberList } from './MemberList';
import { OpenInvites } from './OpenInvites';
import { companyAbilities } from './companyRules';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, marginBlockStart: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

export type Notice = { intent: 'success' | 'error'; text: string } | null;

export function CompanyScreen() {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const { session } = useSession();
  const online = useOnline();
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const signedIn = session.status === 'signedIn';
  const abilities = companyAbilities(signedIn ? session.user.member_role : null, session.profile?.role);
  const members = useCompanyMembers(online && abilities.canSee, reload);
  const invites = useCompanyInvites(online && abilities.canManage, reload);
  // A seller's record as buyers see it (a supplier's or a transport company's).
  const seller = session.profile?.role === 'supplier' || session.profile?.role === 'transport';
  const scorecard = useOwnScorecard(online && abilities.canSee && seller);
  const tier = useTierProgress(online && abilities.canSee);
  const company = session.profile?.company_name || t('yourCompany');
  // A request that could not reach the server is the offline message, not an error.
  const unreachable = !online || members.error?.code === 'network_error';

  const changed = (next: Notice) => {
    setNotice(next);
    setReload((n) => n + 1);
  };

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        {abilities.canSee && <p className={styles.body}>{t(abilities.canManage ? 'introOwner' : 'introMember', { company })}</p>}
        {/* The tax profile was on this page once: whoever looks for it here finds the way. */}
        {abilities.canSee && (
          <p className={styles.body}>
            {t('taxMoved')}{' '}
            <Link to={PATHS.companyTax} data-testid="company-tax-link">
              {t('tax.title')}
            </Link>
          </p>
        )}
      </div>
      {!abilities.canSee || !signedIn ? (
        <MessageBar layout="multiline" intent="info" data-testid="company-not-in-company">
          <MessageBarBody>{t('notInCompany')}</MessageBarBody>
        </MessageBar>
      ) : unreachable ? (
        <MessageBar layout="multiline" intent="warning" data-testid="company-offline">
          <MessageBarBody>{t('offline')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {notice && (
            <MessageBar layout="multiline" intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'} data-testid="company-notice">
              <MessageBarBody>{notice.text}</MessageBarBody>
            </MessageBar>
          )}
          {abilities.canManage && (
            <InvitePanel roles={abilities.inviteRoles} companyName={session.profile?.company_name ?? null} onCreated={() => changed(null)} onError={setNotice} />
          )}
          {abilities.canManage && <OpenInvites invites={invites} onChanged={changed} />}
          <MemberList members={members} abilities={abilities} me={session.user.id} onChanged={changed} />
          <TierProgress remote={tier} />
          {seller && <OwnScorecard remote={scorecard} />}
        </>
      )}
    </section>
  );
}
