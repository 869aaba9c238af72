/**
 * Every area's offline mutations and sync loaders, gathered in one table each.
 */
import type { LoaderTable, MutationTable } from './contracts';

export const mutations: MutationTable = {};

export const loaders: LoaderTable = {};
