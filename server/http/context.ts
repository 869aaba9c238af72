/**
 * What the middleware puts on Koa's context, typed once for every route.
 */
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { DbKind } from '../db/index';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  is_owner: boolean;
  role: string | null;
  language: 'ar' | 'en' | 'zh';
}

export interface AppDeps {
  knex: Knex;
  dbKind: DbKind;
  config: Config;
  logger: Logger;
}

declare module 'koa' {
  interface DefaultState {
    user?: SessionUser;
  }
  interface DefaultContext {
    deps: AppDeps;
    log: Logger;
  }
}
