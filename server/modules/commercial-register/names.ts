/**
 * Whether the register's name for a CR is the company's legal name, as a person reading
 * both would judge: the same letters and words, whatever the diacritics (tashkeel), the
 * tatweel, the written forms of alef, yaa and taa marbuta, the digits' script, spacing,
 * punctuation and Latin letter case. Nothing else is forgiven: another word is another name.
 */
import { asciiDigits } from '../../../shared/numbers';

const FORMS: Array<[RegExp, string]> = [
  [/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, ''], // tashkeel and Quranic marks
  [/\u0640/g, ''], // tatweel
  [/[أإآٱ]/g, 'ا'],
  [/ى/g, 'ي'],
  [/ة/g, 'ه'],
  [/ؤ/g, 'و'],
  [/ئ/g, 'ي'],
  [/[^\p{L}\p{N}]+/gu, ' '], // punctuation and spacing as one space
];

function normalizedName(name: string): string {
  let out = asciiDigits(name.normalize('NFKC')).toLowerCase();
  for (const [pattern, replacement] of FORMS) out = out.replace(pattern, replacement);
  return out.trim();
}

export const sameRegisteredName = (a: string, b: string): boolean => normalizedName(a) === normalizedName(b) && normalizedName(a) !== '';
