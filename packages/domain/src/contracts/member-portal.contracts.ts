import { z } from 'zod';
import { PERMISSIONS as P } from '../permissions.ts';
import { memberPortalUnlockQuery } from '../users.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service member-portal accounts (spec 2 §7): the agent's unlock. */
export const memberPortalContracts = {
  unlock: defineContract({
    method: 'DELETE',
    service: 'authorization',
    path: '/auth0-management/user-blocks',
    query: memberPortalUnlockQuery,
    answer: z.null().describe('Unlocked'),
    status: 204,
    access: { allOf: [P.agentUnlockMemberPortal] },
    tags: ['member-portal'],
    summary: 'Unlock a member-portal account (lift its sign-in block)',
  }),
};
