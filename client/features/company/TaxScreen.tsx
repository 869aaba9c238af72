/**
 * /company/tax: the company's tax profile (what its ZATCA invoices say about it, its
 * default payment terms among it) and, for a supplier, its e-invoicing onboarding with
 * ZATCA. A settings page of its own beside the team: the legal identity of the company is
 * not a matter of who works in it. Owner and members read it; the owner edits and
 * onboards. The tax profile is in the local store (it shows and saves offline); the
 * check of the CR against the commercial register (CrVerificationPanel) and the
 * onboarding (EinvoicingPanel) need the network.
 */
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { useOnline } from '../../ui/useOnline';
import { accountIdOf } from '../../../shared/schemas/user';
import { companyAbilities } from './companyRules';
import { CrVerificationPanel } from './CrVerificationPanel';
import { EinvoicingPanel } from './EinvoicingPanel';
import { useCompanyTaxProfile } from './queries';
import { TaxProfilePanel } from './TaxProfilePanel';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, marginBlockStart: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

export function TaxScreen() {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const { session } = useSession();
  const online = useOnline();
  const signedIn = session.status === 'signedIn';
  const abilities = companyAbilities(signedIn ? session.user.member_role : null, session.profile?.role);
  const accountId = signedIn ? accountIdOf(session.user) : '';
  const taxProfile = useCompanyTaxProfile(accountId);
  const company = session.profile?.company_name || t('yourCompany');
  const shown = signedIn && abilities.canSee;

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('tax.title')}
        </h1>
        {shown && <p className={styles.body}>{t('tax.intro', { company })}</p>}
      </div>
      {!shown ? (
        <MessageBar layout="multiline" intent="info" data-testid="tax-not-in-company">
          <MessageBarBody>{t('tax.notInCompany')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <TaxProfilePanel accountId={accountId} canEdit={abilities.canManage} />
          <CrVerificationPanel canVerify={abilities.canManage} online={online} />
          {session.profile?.role === 'supplier' && (
            <EinvoicingPanel canOnboard={abilities.canManage} online={online} taxProfileSaved={taxProfile?.updated_at ?? null} />
          )}
        </>
      )}
    </section>
  );
}
