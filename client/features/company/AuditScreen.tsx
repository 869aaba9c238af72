/**
 * /company/audit: the owner's part of the audit trail, who in or for their company did
 * what to its money, documents, tenders, approvals and team (the admin reads the whole
 * trail with the same component, a tab of the admin panel). Owner only, as the route is;
 * a member or a driver is told who may read it.
 */
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { useOnline } from '../../ui/useOnline';
import { AuditTrail } from '../audit/AuditTrail';
import { companyAbilities } from './companyRules';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, marginBlockStart: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

export function AuditScreen() {
  const styles = useStyles();
  const { t } = useTranslation('audit');
  const { session } = useSession();
  const online = useOnline();
  const signedIn = session.status === 'signedIn';
  const owner = signedIn && companyAbilities(session.user.member_role, session.profile?.role).canManage;
  const company = session.profile?.company_name || t('yourCompany');

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        {owner && <p className={styles.body}>{t('introCompany', { company })}</p>}
      </div>
      {owner ? (
        <AuditTrail source="company" online={online} />
      ) : (
        <MessageBar layout="multiline" intent="info" data-testid="audit-owner-only">
          <MessageBarBody>{t('ownerOnly')}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
