/**
 * Every query key of the transformation library, from one root, so a write invalidates every
 * list page by prefix.
 */
export const transformationKeys = {
  all: ['transformation'] as const,
  lists: () => [...transformationKeys.all, 'list'] as const,
  list: (search: string) => [...transformationKeys.lists(), search] as const,
  page: (search: string, paging: { limit: number; offset: number; sort?: string }) =>
    [...transformationKeys.lists(), search, paging] as const,
  detail: (id: number) => [...transformationKeys.all, 'detail', id] as const,
};
