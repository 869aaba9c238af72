/** Types of build-client.mjs, for its test. */
export function sourcesHash(root: string): string;
export function buildClient(options: { root: string; build: () => boolean; log: (line: string) => void; force?: boolean }): 'skipped' | 'built';
