import { z } from 'zod';
import { userClaims } from '../claims.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service: who the caller is and what they may do. */
export const authorizationContracts = {
  claims: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/claims',
    answer: userClaims,
    access: 'authenticated',
    tags: ['authorization'],
    summary: "The signed-in user's claims (spec 2 §3)",
  }),
  sessionActivity: defineContract({
    method: 'POST',
    service: 'authorization',
    path: '/session/activity',
    answer: z.null().describe('Noted'),
    status: 204,
    access: 'authenticated',
    tags: ['authorization'],
    summary:
      'The user is active in the browser: keeps the session from its server-side idle timeout (decision 0065)',
  }),
};
