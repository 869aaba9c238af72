import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_VERSION, FOOTER_COUNTERS } from '../../../shared/constants';
import { INFO_TOPICS, PATHS } from '../../paths';
import { useFormat } from '../../i18n/format';
import { useLogin } from '../auth/useLogin';

const useStyles = makeStyles({
  footer: {
    paddingBlock: '32px',
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: '#102a43',
    color: '#e6edf5',
  },
  inner: { maxInlineSize: '1100px', marginInline: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  counters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    textAlign: 'center',
  },
  counter: { display: 'flex', flexDirection: 'column-reverse', gap: tokens.spacingVerticalXXS },
  value: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightBold },
  label: { fontSize: tokens.fontSizeBase200 },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  link: { color: '#e6edf5', textDecorationLine: 'underline', textUnderlineOffset: '3px' },
  linkButton: {
    background: 'none',
    border: 'none',
    padding: 0,
    font: 'inherit',
    cursor: 'pointer',
    color: '#e6edf5',
    textDecorationLine: 'underline',
    textUnderlineOffset: '3px',
  },
  copy: { margin: 0, textAlign: 'center', fontSize: tokens.fontSizeBase200, color: '#bcccdc' },
});

/** Footer: the static counters, the version and the links. */
export function LandingFooter() {
  const styles = useStyles();
  const { t } = useTranslation(['landing', 'common']);
  const format = useFormat();
  const { login } = useLogin();
  const counters = [
    ['suppliers', FOOTER_COUNTERS.suppliers],
    ['contractors', FOOTER_COUNTERS.contractors],
    ['government', FOOTER_COUNTERS.government],
  ] as const;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <dl className={styles.counters} data-testid="footer-counters">
          {counters.map(([key, value]) => (
            <div key={key} className={styles.counter}>
              <dt className={styles.label}>{t(`footer.counters.${key}`)}</dt>
              <dd className={styles.value}>{t('footer.atLeast', { value: format.number(value) })}</dd>
            </div>
          ))}
          <div className={styles.counter}>
            <dt className={styles.label}>{t('footer.version')}</dt>
            <dd className={styles.value} dir="ltr">
              {APP_VERSION}
            </dd>
          </div>
        </dl>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className={styles.links}>
            {INFO_TOPICS.map((topic) => (
              <li key={topic}>
                <Link className={styles.link} to={`${PATHS.info}/${topic}`}>
                  {t(`common:info.${topic}.title`)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.linkButton} onClick={login}>
                {t('common:actions.login')}
              </button>
            </li>
            <li>
              <Link className={styles.link} to={`${PATHS.services}?join=1`}>
                {t('footer.createAccount')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copy}>{t('footer.copyright', { year: format.number(new Date().getFullYear(), { useGrouping: false }) })}</p>
      </div>
    </footer>
  );
}
