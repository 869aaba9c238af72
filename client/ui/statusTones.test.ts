/**
 * A status has one colour: the tone tables live in statusTones.ts only, so no screen keeps
 * a table of its own or picks a status's tone inline (a fixed tone for a label that is
 * not a status, such as the reader's side, stays where it is shown).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const client = path.join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'public' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('status tones', () => {
  it('are defined in ui/statusTones.ts alone', () => {
    const own = path.join(__dirname, 'statusTones.ts');
    const elsewhere = sources(client)
      .filter((file) => file !== own)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /StatusTone>/.test(text) || /tone=\{[^}]*\?\s*'/.test(text);
      })
      .map((file) => path.relative(client, file).split(path.sep).join('/'));
    expect(elsewhere).toEqual([]);
  });
});
