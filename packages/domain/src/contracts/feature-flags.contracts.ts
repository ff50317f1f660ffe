import { PERMISSIONS as P } from '../permissions.ts';
import { featureFlagList, featureFlagPatch } from '../users.ts';
import { defineContract } from './define-contract.ts';

/** Authorization service feature flags (spec 2 §6): the signed-in user's own. */
export const featureFlagsContracts = {
  list: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/feature-flags',
    answer: featureFlagList,
    access: 'authenticated',
    tags: ['feature-flags'],
    summary: "The signed-in user's feature flags",
  }),
  set: defineContract({
    method: 'PATCH',
    service: 'authorization',
    path: '/feature-flags',
    body: featureFlagPatch,
    answer: featureFlagList,
    access: { allOf: [P.viewFeatureFlags] },
    tags: ['feature-flags'],
    summary: 'Turn one of the signed-in user’s feature flags on or off',
  }),
};
