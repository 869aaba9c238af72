/**
 * Finds or creates the user behind an identity-provider subject. ADMIN_EMAILS and
 * OWNER_EMAIL grant the admin flag at sign-in; removing an address from the list does not
 * take the flag away (an admin does that in the admin panel).
 */
import type { Knex } from 'knex';
import type { Config } from '../config';

export interface Identity {
  provider: string;
  subject: string;
  email: string;
  name?: string;
}

export async function findOrCreateUser(knex: Knex, config: Config, identity: Identity): Promise<{ id: string } | null> {
  const email = identity.email.trim().toLowerCase();
  const admin = config.adminEmails.includes(email) || config.ownerEmail === email;
  return knex.transaction(async (trx) => {
    // The provider's subject decides; the email only links a first sign-in to an account
    // made before (a demo account, or one whose provider changed).
    let user =
      (await trx('users').where({ provider: identity.provider, provider_subject: identity.subject }).forUpdate().first('id', 'deleted_at', 'is_admin')) ??
      (await trx('users').whereRaw('lower(email) = ?', [email]).forUpdate().first('id', 'deleted_at', 'is_admin'));
    if (user?.deleted_at) return null; // a removed account cannot sign back in
    if (!user) {
      [user] = await trx('users')
        .insert({
          email,
          name: identity.name ?? null,
          provider: identity.provider,
          provider_subject: identity.subject,
          is_admin: admin,
        })
        .returning(['id']);
    } else {
      await trx('users')
        .where({ id: user.id })
        .update({
          provider: identity.provider,
          provider_subject: identity.subject,
          name: identity.name ?? trx.raw('name'),
          is_admin: admin || user.is_admin,
          updated_at: trx.fn.now(),
        });
    }
    return { id: user.id };
  });
}
