/**
 * The reader's language for computed names (a product's category_name): the signed-in
 * user's profile language, else the best of the request's Accept-Language, else Arabic
 * (SPEC section 9: Arabic is the default and fallback).
 */
import type { Context } from 'koa';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

export function readerLanguage(ctx: Context): Language {
  if (ctx.state.user) return ctx.state.user.language;
  // The answer depends on the header, so caches must keep one copy per language.
  ctx.vary('Accept-Language');
  const best = ctx.acceptsLanguages([...LANGUAGES]);
  return typeof best === 'string' ? (best as Language) : DEFAULT_LANGUAGE;
}

/** The categories column that holds the name in this language (a whitelist, not input). */
export function categoryNameColumn(alias: string, language: Language): string {
  const lang = LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
  return `${alias}.name_${lang}`;
}
