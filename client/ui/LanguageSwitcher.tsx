import { Select, makeStyles, useId } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LANGUAGES, toLanguageCode } from '../i18n/languages';

/**
 * changeLanguage loads only the namespaces of options.ns; add the ones the screens on
 * show have used, so the new language arrives complete and nothing suspends.
 */
async function switchLanguage(i18n: I18n, language: string) {
  const used = (i18n as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  const current = i18n.options.ns === undefined ? [] : ([] as string[]).concat(i18n.options.ns);
  i18n.options.ns = [...new Set([...current, ...used])];
  await i18n.changeLanguage(language);
}

const useStyles = makeStyles({
  // As narrow as its longest language's name: the navigation bar has little room, on a phone and beside a laptop's menus too.
  root: { minInlineSize: '5.5rem' },
  label: {
    position: 'absolute',
    inlineSize: '1px',
    blockSize: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

/**
 * Switches language without a reload: i18next loads the locale, then its
 * languageChanged handler updates <html lang dir> and the detector caches the choice
 * in localStorage; ThemedProvider re-renders Fluent with the new direction.
 */
export function LanguageSwitcher() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const id = useId('language');
  return (
    <span>
      <label htmlFor={id} className={styles.label}>
        {t('language.label')}
      </label>
      <Select
        id={id}
        className={styles.root}
        size="small"
        value={toLanguageCode(i18n.resolvedLanguage)}
        onChange={(_, data) => void switchLanguage(i18n, data.value)}
        data-testid="language-switcher"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.autonym}
          </option>
        ))}
      </Select>
    </span>
  );
}
