import type { Kysely } from 'kysely';
import { interactionPolicy, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../../config.ts';
import type { DB } from '../../db/schema.ts';
import { sessionIsLive } from '../sessions.ts';

/**
 * How the provider treats a session the API has ended (logout elsewhere, refresh-token replay,
 * the idle timeout; decision 0065). The session is the provider's grant: its id is the `sid` of
 * every access token it yields. An ended session is never continued: no refresh, no silent
 * re-authorization on the sign-in cookie; the user types the password and gets a new session.
 */
export function sessionPolicy(db: Kysely<DB>, config: Config) {
  const live = (grantId: string) => sessionIsLive(db, grantId, config.session);

  /** The grant the provider's own default would load, unless its session has ended. */
  async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const clientId = ctx.oidc.client?.clientId;
    const grantId =
      ctx.oidc.result?.consent?.grantId ??
      (clientId ? ctx.oidc.session?.grantIdFor(clientId) : undefined);
    if (!grantId) return undefined;
    if (!(await live(grantId))) {
      // Gone for good: the consent step then starts a new grant, that is a new session.
      await ctx.oidc.provider.Grant.adapter.destroy(grantId);
      return undefined;
    }
    return ctx.oidc.provider.Grant.find(grantId);
  }

  /** The login prompt asks for the password again when the sign-in's session has ended. */
  function addSessionEndedCheck(policy: interactionPolicy.DefaultPolicy) {
    const { Check } = interactionPolicy;
    policy.get('login')?.checks.add(
      new Check('session_ended', 'the session has ended', async (ctx) => {
        if (ctx.oidc.result?.login || !ctx.oidc.session?.accountId) return Check.NO_NEED_TO_PROMPT;
        const clientId = ctx.oidc.client?.clientId;
        const grantId = clientId ? ctx.oidc.session.grantIdFor(clientId) : undefined;
        if (!grantId) return Check.NO_NEED_TO_PROMPT;
        return (await live(grantId)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
      }),
    );
    return policy;
  }

  return {
    loadExistingGrant,
    policy: addSessionEndedCheck(interactionPolicy.base()),
    /** For findAccount: a code or refresh token of an ended session finds no account. */
    tokenSessionLive: async (token: unknown): Promise<boolean> => {
      const grantId = (token as { grantId?: unknown } | undefined)?.grantId;
      return typeof grantId !== 'string' || live(grantId);
    },
  };
}
