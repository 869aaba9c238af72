import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../shared/mutations';
import { LANGUAGES } from '../i18n/languages';
import { editableFields } from './refusals';

const locale = (lng: string) => JSON.parse(readFileSync(path.join(__dirname, '../i18n/locales', lng, 'sync.json'), 'utf8'));

describe('sync centre', () => {
  it('names every queued action in all three languages', () => {
    for (const { code } of LANGUAGES) {
      const actions = locale(code).actions;
      // The label's key is the mutation's name under actions (product.photos.reorder nests twice).
      const missing = Object.keys(MUTATIONS).filter((name) => typeof name.split('.').reduce((at, key) => at?.[key], actions) !== 'string');
      expect(missing, code).toEqual([]);
    }
  });

  it('offers the texts and numbers of a refused action for editing, not its ids', () => {
    expect(editableFields({ id: 'x', project_id: 'p', amount: 1200, proposal: 'نص', estimated_completion_days: null })).toEqual([
      { key: 'amount', kind: 'number', value: '1200' },
      { key: 'proposal', kind: 'text', value: 'نص' },
    ]);
  });

  it('labels every editable field of every action in all three languages', () => {
    const keys = ['name', 'description', 'price', 'unit', 'amount', 'proposal', 'offered_price', 'quoted_price', 'title', 'location', 'notes'];
    for (const { code } of LANGUAGES) for (const key of keys) expect(locale(code).fields[key], `${code} ${key}`).toBeTruthy();
  });
});
