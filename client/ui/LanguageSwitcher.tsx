import { ChevronDownRegular } from '@fluentui/react-icons';
import { useId } from 'react';
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

/**
 * Switches language without a reload: i18next loads the locale, then its
 * languageChanged handler updates <html lang dir> and the detector caches the choice
 * in localStorage; ThemedProvider re-renders Fluent with the new direction.
 * Drawn as Fluent's small Select (ui/plain.css), not with it: the switcher is in the
 * landing page's header, whose JavaScript carries no Fluent field.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = `language${useId()}`;
  return (
    <span>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      {/* As narrow as its longest language's name: the navigation bar has little room, on a phone and beside a laptop's menus too. */}
      <span className="plain-select language-switcher">
        <select
          id={id}
          className="plain-select__select"
          value={toLanguageCode(i18n.resolvedLanguage)}
          onChange={(event) => void switchLanguage(i18n, event.target.value)}
          data-testid="language-switcher"
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.autonym}
            </option>
          ))}
        </select>
        <span className="plain-select__icon">
          <ChevronDownRegular />
        </span>
      </span>
    </span>
  );
}
