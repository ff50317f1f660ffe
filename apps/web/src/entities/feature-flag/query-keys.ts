/** Every query key of the signed-in user's feature flags, from one root. */
export const featureFlagKeys = {
  all: ['feature-flag'] as const,
  list: () => [...featureFlagKeys.all, 'list'] as const,
};
