import { sessionSettings } from '../users.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service session notices (spec 2 §1): read before anyone signs in. */
export const sessionSettingsContracts = {
  get: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/session-settings',
    answer: sessionSettings,
    access: 'public',
    tags: ['session'],
    summary: 'Access-end dates, the newer portal and the landing page’s products',
  }),
};
