/**
 * The admin panel: products, projects, users and quick
 * registrations, each with search and paging; delete with confirmation (not one's own
 * account), and a user's tier and admin flag; and, read-only, the purchase orders, tax
 * invoices and payments on the platform, each filtered by status; and the audit trail (features/audit, the
 * component a company owner reads their part with). Admin lists and writes are online-only REST
 * (data/api/admin.ts), so offline the panel says so and keeps its writes disabled.
 * Non-admins see 'not authorized, this page is for admins only'.
 */
import { MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTab } from '../../data/api/admin';
import { useSession } from '../../data/session';
import { useOnline } from '../../ui/useOnline';
import { AuditTrail } from '../audit/AuditTrail';
import { AdminList } from './AdminList';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  // The tabs do not fit one row of a phone in every language, and a strip scrolled sideways
  // hides the last ones: on a phone they stand two by two, each tab whole.
  tabs: { flexWrap: 'wrap', '@media (max-width: 639px)': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** The admin's lists, and the audit trail beside them. */
type Tab = AdminTab | 'audit';
const TABS: Tab[] = ['products', 'projects', 'users', 'quickSignups', 'purchaseOrders', 'invoices', 'payments', 'audit'];

export function AdminScreen() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const { session } = useSession();
  const online = useOnline();
  const [tab, setTab] = useState<Tab>('products');
  const isAdmin = session.status === 'signedIn' && (session.user.is_admin || session.profile?.role === 'admin');
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        {isAdmin && <p className={styles.body}>{t('intro')}</p>}
      </div>
      {!isAdmin || session.status !== 'signedIn' ? (
        <MessageBar layout="multiline" intent="warning" role="alert" data-testid="admin-not-authorized">
          <MessageBarBody>{t('notAuthorized')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {/* The audit trail says so itself. */}
          {!online && tab !== 'audit' && (
            <MessageBar layout="multiline" intent="warning" data-testid="admin-offline">
              <MessageBarBody>{t('offline')}</MessageBarBody>
            </MessageBar>
          )}
          <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as Tab)} aria-label={t('tabsLabel')} data-testid="admin-tabs">
            {TABS.map((k) => (
              <Tab key={k} value={k} data-testid={`admin-tab-${k}`}>
                {t(`tabs.${k}`)}
              </Tab>
            ))}
          </TabList>
          {tab === 'audit' ? <AuditTrail source="admin" online={online} /> : <AdminList key={tab} tab={tab} me={session.user.id} online={online} />}
        </>
      )}
    </section>
  );
}
