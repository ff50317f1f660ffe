import { MutationCache, QueryClient } from '@tanstack/react-query';
import { hasStatus } from '../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../shared/notifications/notify.ts';

/** What a mutation tells the notification layer (spec 1 §8). */
export interface PillarMutationMeta extends Record<string, unknown> {
  /** Notification title, named after the action: 'Create Employee', 'Download File'. */
  title?: string;
  /** The HTTP method of the write; success notices are on by default for PUT, PATCH, DELETE. */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Forces the success notice on (a POST that opts in) or off. */
  notifySuccess?: boolean;
  /** False when the screen shows the error itself. */
  notifyError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: PillarMutationMeta;
  }
}

const NO_RETRY_STATUSES = [400, 401, 403, 404];

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (hasStatus(error, ...NO_RETRY_STATUSES)) return false;
  return failureCount < 2;
}

export function wantsSuccessNotice(meta: PillarMutationMeta | undefined): boolean {
  if (meta?.notifySuccess !== undefined) return meta.notifySuccess;
  return meta?.method !== undefined && meta.method !== 'POST';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 90_000,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (meta?.notifyError === false) return;
        notifyError(error, meta?.title ?? 'Error');
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        if (wantsSuccessNotice(mutation.meta)) notifySuccess(mutation.meta?.title);
      },
    }),
  });
}
