/**
 * Words of a product's normalised text for the local search index (a multi-entry Dexie
 * index): each word, the word without the Arabic article (الاسمنت also as اسمنت, as the
 * server's substring match finds it), and each Chinese character on its own (the server
 * treats every CJK character as a word).
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
const ARTICLE = /^(?:وال|بال|فال|كال|لل|ال)(?=.{2,})/u;

export function searchWords(normalised: string): string[] {
  const words = new Set<string>();
  for (const token of normalised.split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    words.add(token);
    const bare = token.replace(ARTICLE, '');
    if (bare !== token) words.add(bare);
    for (const ch of token) if (CJK.test(ch)) words.add(ch);
  }
  return [...words];
}

/** The words of a query, the same way (a query word matches an indexed word it starts). */
export function queryWords(normalised: string): string[] {
  const out: string[] = [];
  for (const token of normalised.split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    if (CJK.test(token)) out.push(...[...token].filter((ch) => CJK.test(ch)));
    else out.push(token.replace(ARTICLE, '') || token);
  }
  return out;
}
