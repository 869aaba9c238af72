/** Test support: a local write resolving to its mutation id only. */
import type { MutationInput, MutationName } from '../../../../shared/mutations';
import type { BinaaDb } from '../../db/database';
import type { EffectContext } from '../../db/schema';
import { writeLocalRows } from '../store';

export async function writeLocal<N extends MutationName>(db: BinaaDb, name: N, input: MutationInput<N>, ctx: EffectContext): Promise<number> {
  return (await writeLocalRows(db, name, input, ctx)).id;
}
