import type { Problem } from '@pillar/domain';

/** An error that becomes an application/problem+json answer with its status. */
export class HttpProblem extends Error {
  readonly status: number;
  /** Fastify's own error handling reads this name. */
  readonly statusCode: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly params: Record<string, string> | undefined;

  constructor(status: number, title: string, detail?: string, params?: Record<string, string>) {
    super(detail ?? title);
    this.status = status;
    this.statusCode = status;
    this.title = title;
    this.detail = detail;
    this.params = params;
  }

  toProblem(): Problem {
    return {
      status: this.status,
      title: this.title,
      ...(this.detail ? { detail: this.detail } : {}),
      ...(this.params ? { params: this.params } : {}),
    };
  }
}

export const badRequest = (detail: string, params?: Record<string, string>) =>
  new HttpProblem(400, 'Bad Request', detail, params);
export const unauthorized = (detail = 'Sign in to continue.') =>
  new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You do not have permission to do this.') =>
  new HttpProblem(403, 'Forbidden', detail);
/** Also the answer for rows outside the caller's scope: their existence is not revealed. */
export const notFound = (what = 'Resource') =>
  new HttpProblem(404, 'Not Found', `${what} not found`);
export const conflict = (detail: string) => new HttpProblem(409, 'Conflict', detail);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
