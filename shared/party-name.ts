/**
 * The name a party goes by wherever another party reads it (a card, a list, a
 * notification): its company's name, else its account holder's own name. A blank name
 * is no name, so an empty company name never hides the person's. The server's queries
 * state the same rule in SQL (server/db/party-name.ts), held equal to this by a test.
 */

/** The party's name, or null when it has neither a company name nor a name of its own. */
export const partyName = (p: { company_name?: string | null; name?: string | null }): string | null => p.company_name || p.name || null;
