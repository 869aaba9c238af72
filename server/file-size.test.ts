/**
 * Files that do one thing: no server source file is longer than MAX_LINES. A file past
 * it holds two things or more (a format and its signing, data and its insertion), and a
 * reader should find each in a file named after it; tests are left out, since a table of
 * cases reads best whole.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 350;
const root = path.join(__dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Lines as an editor counts them (a final newline ends the last line, it does not start one). */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('server files', () => {
  it(`are at most ${MAX_LINES} lines each (tests aside)`, () => {
    const long = sources(root)
      .map((file) => ({ file: path.relative(root, file).split(path.sep).join('/'), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
