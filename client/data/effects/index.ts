/** Every mutation's local effect, one table (the engine replays them; features write through them). */
import { accountEffects } from './account';
import { catalogueEffects } from './catalogue';
import { orderEffects } from './orders';
import { procurementEffects } from './procurement';
import { transportEffects } from './transport';
import type { EffectTable } from './types';

export const EFFECTS: EffectTable = {
  ...catalogueEffects,
  ...procurementEffects,
  ...orderEffects,
  ...transportEffects,
  ...accountEffects,
};
