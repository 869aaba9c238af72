import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular, DismissRegular, NavigationRegular, SignOutRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useQueueStore } from '../../data/local/DataProvider';
import { useSession } from '../../data/session';
import { useUnreadCount } from '../../features/notifications/queries';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { PATHS } from '../../paths';
import { isDriver, navItemsFor } from './navItems';
import { AccountMenu } from './AccountMenu';
import { NavLinks } from './NavLinks';
import { NavMenus } from './NavMenus';
import { UnreadBadge } from './UnreadBadge';
import { SignOutDialog } from './SignOutDialog';
import { SyncStatus } from './SyncStatus';
import { UserSummary } from './UserSummary';

// The menus of the wide bar need about 1200 px in the longest language (a contractor's six
// entries, the status, the account): narrower screens, tablets among them, get the menu button.
const WIDE = '@media (min-width: 1200px)';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    insetBlockStart: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  brand: {
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase400,
    [WIDE]: { fontSize: tokens.fontSizeBase500 },
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
  },
  wideNav: { display: 'none', flexGrow: 1, flexShrink: 0, [WIDE]: { display: 'block' } },
  // The status and the account keep their width: the navigation is what gives way.
  fixed: { flexShrink: 0 },
  // Where a company's name is longer than the row has room for, it is the name that ends in an ellipsis (whole in its title and menu).
  account: { minWidth: 0 },
  spacer: { flexGrow: 1, [WIDE]: { display: 'none' } },
  menuButton: { [WIDE]: { display: 'none' } },
  bell: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
  },
  wideOnly: { display: 'none', [WIDE]: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS } },
  drawerBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** The signed-in navigation bar with its mobile menu. */
export function NavBar() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { session, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unread = useUnreadCount();
  // Read when asked, not subscribed to: the bar need not render again on every write.
  const queue = useQueueStore();
  if (session.status !== 'signedIn') return null;
  const memberRole = session.user.member_role ?? null; // a session cached before teams has none
  const items = navItemsFor(session.profile?.role, session.user.is_admin, memberRole);
  const home = isDriver(session.profile?.role, memberRole) ? PATHS.jobs : PATHS.dashboard;

  const signOut = async () => {
    setConfirming(false);
    await logout();
    void navigate(PATHS.home, { replace: true });
  };
  // Unsent changes would be deleted with the local data: ask first.
  const onLogout = async () => {
    setOpen(false);
    if (queue.waiting > 0) setConfirming(true);
    else await signOut();
  };

  return (
    <header className={styles.bar}>
      <Button
        className={styles.menuButton}
        appearance="subtle"
        icon={<NavigationRegular />}
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="menu-button"
      />
      <Link to={home} className={styles.brand}>
        {t('app.name')}
      </Link>
      <nav className={styles.wideNav} aria-label={t('nav.label')}>
        <NavMenus items={items} />
      </nav>
      <span className={styles.spacer} />
      <span className={styles.fixed}>
        <SyncStatus />
      </span>
      <Link to={PATHS.notifications} className={mergeClasses(styles.bell, styles.fixed)} aria-label={t('nav.notifications')} data-testid="nav-bell">
        <AlertRegular fontSize={22} aria-hidden />
        <UnreadBadge count={unread} />
      </Link>
      <div className={mergeClasses(styles.wideOnly, styles.account)}>
        <AccountMenu user={session.user} profile={session.profile} onLogout={() => void onLogout()} />
      </div>
      <span className={styles.fixed}>
        <LanguageSwitcher />
      </span>
      <SignOutDialog open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void signOut()} />
      <OverlayDrawer position="start" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button appearance="subtle" aria-label={t('actions.close')} icon={<DismissRegular />} onClick={() => setOpen(false)} />
            }
          >
            {t('app.name')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.drawerBody}>
          <UserSummary user={session.user} profile={session.profile} />
          <nav aria-label={t('nav.label')} data-testid="mobile-nav">
            <NavLinks items={items} unread={unread} onNavigate={() => setOpen(false)} />
          </nav>
        </DrawerBody>
        <DrawerFooter>
          <Button icon={<SignOutRegular />} onClick={onLogout} data-testid="logout">
            {t('nav.logout')}
          </Button>
        </DrawerFooter>
      </OverlayDrawer>
    </header>
  );
}
