import { type Problem } from '@pillar/domain';

/** A failed API call, carrying the server's problem+json when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly params: Record<string, string> | undefined;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.params = problem.params;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server answered with this status (or one of them). */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return isApiError(error) && statuses.includes(error.status);
}
