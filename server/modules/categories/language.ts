/**
 * The reader's language for computed names (a product's category_name): the best of the
 * request's Accept-Language among ar, en and zh (the client sends its interface language
 * there), else the signed-in user's profile language, else Arabic (the
 * default and fallback).
 */
import type { Context } from 'koa';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

export function readerLanguage(ctx: Context): Language {
  // The answer depends on the header, so caches must keep one copy per language.
  ctx.vary('Accept-Language');
  // In order of preference; '*' (what fetch sends by default) states no preference.
  for (const tag of ctx.acceptsLanguages() as string[]) {
    const primary = tag.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(primary)) return primary;
  }
  return ctx.state.user?.language ?? DEFAULT_LANGUAGE;
}

/** The categories column that holds the name in this language (a whitelist, not input). */
export function categoryNameColumn(alias: string, language: Language): string {
  const lang = LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
  return `${alias}.name_${lang}`;
}
