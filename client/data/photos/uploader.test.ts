import { describe, expect, it } from 'vitest';
import { outcomeOf } from './uploader';

const body = (code: string) => JSON.stringify({ error: `the server's words for ${code}`, code });

describe('what an upload answer means to the queue', () => {
  it('marks a full product or a full plan refused, with its reason, instead of retrying unseen', () => {
    expect(outcomeOf(409, body('photo_limit'))).toEqual({ kind: 'refused', code: 'photo_limit', error: "the server's words for photo_limit" });
    expect(outcomeOf(409, body('storage_quota'))).toMatchObject({ kind: 'refused', code: 'storage_quota' });
  });

  it("retries tus's offset conflict and the account's unfinished-upload cap", () => {
    expect(outcomeOf(409, body('conflict'))).toEqual({ kind: 'failed' });
    expect(outcomeOf(409, body('too_many_uploads'))).toEqual({ kind: 'failed' });
    expect(outcomeOf(409, 'Upload-Offset does not match')).toEqual({ kind: 'failed' });
  });

  it('refuses other client errors with their code, and retries the ones that say later', () => {
    expect(outcomeOf(413, body('image_too_large'))).toMatchObject({ kind: 'refused', code: 'image_too_large' });
    expect(outcomeOf(413, 'Payload Too Large')).toMatchObject({ kind: 'refused', code: 'image_too_large' });
    expect(outcomeOf(404, body('not_found'))).toMatchObject({ kind: 'refused', code: 'not_found' });
    for (const status of [0, 401, 408, 423, 429, 500, 503]) expect(outcomeOf(status, body('x'))).toEqual({ kind: 'failed' });
  });
});
