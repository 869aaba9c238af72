import { Menu, MenuButton, MenuItemLink, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { exactOnly } from './NavLinks';
import { isActivePath, navEntriesOf, type NavItem } from './navItems';
import { WaitingBadge } from './WaitingBadge';

const useStyles = makeStyles({
  // One row, never wrapped: the groups keep a role's entries few enough for it at 1280 px.
  list: { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: tokens.spacingHorizontalXXS, listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    whiteSpace: 'nowrap',
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightRegular,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  menuButton: { whiteSpace: 'nowrap', minWidth: 'auto', paddingInline: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightRegular },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  current: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground2 },
});

/**
 * The role's entries in the wide bar: plain links, and a menu per group. A menu opens
 * inline, inside the header's landmark, not in a portal outside every landmark. The notifications
 * entry is left out here: the bell beside it in the bar is the same link with the same badge.
 */
export function NavMenus({ items }: { items: NavItem[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const shown = items.filter((item) => item.badge !== 'unread');
  const isCurrent = (item: NavItem) => (exactOnly(item, items) ? pathname === item.path : isActivePath(pathname, item.path));
  // A menu entry is a real link (it opens in a new tab, shows its address); a plain click navigates in the app.
  const follow = (path: string) => (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    <ul className={styles.list} data-testid="wide-nav">
      {navEntriesOf(shown).map((entry) =>
        entry.kind === 'link' ? (
          <li key={entry.item.path}>
            <NavLink to={entry.item.path} end={exactOnly(entry.item, items)} className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}>
              {t(entry.item.labelKey)}
            </NavLink>
          </li>
        ) : (
          <li key={entry.id}>
            <Menu inline>
              <MenuTrigger disableButtonEnhancement>
                <MenuButton
                  appearance="subtle"
                  className={mergeClasses(styles.menuButton, entry.items.some(isCurrent) && styles.active)}
                  data-testid={`nav-group-${entry.id}`}
                >
                  {t(entry.labelKey)} {entry.items.some((i) => i.badge === 'waiting') && <WaitingBadge />}
                </MenuButton>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {entry.items.map((item) => (
                    <MenuItemLink
                      key={item.path}
                      href={item.path}
                      onClick={follow(item.path)}
                      aria-current={isCurrent(item) ? 'page' : undefined}
                      className={isCurrent(item) ? styles.current : undefined}
                    >
                      {t(item.labelKey)} {item.badge === 'waiting' && <WaitingBadge />}
                    </MenuItemLink>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
          </li>
        ),
      )}
    </ul>
  );
}
