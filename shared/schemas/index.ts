/** Every shared schema and its types, one import away: `import { productCreateSchema } from '../shared/schemas'`. */
export * from './common';
export * from './user';
export * from './profile';
export * from './category';
export * from './product';
export * from './project';
export * from './bid';
export * from './instant-order';
export * from './instant-order-response';
export * from './transport-request';
export * from './transport-offer';
export * from './review';
export * from './notification';
export * from './subscription';
export * from './quick-signup';
export * from './admin';
export * from './photo';
