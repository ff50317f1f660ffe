/** Every query key of the help content, from one root. */
export const helpKeys = {
  all: ['help'] as const,
  manifest: () => [...helpKeys.all, 'manifest'] as const,
};
