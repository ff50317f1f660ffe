/** The error catalogue (spec 1 §8, spec 2 §8): what a status shows the user. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'There was an issue processing your request.',
  401: 'User is unauthorized to perform this action.',
  403: 'User is unauthorized to perform this action.',
  404: 'This resource does not exist.',
  409: 'This resource has a conflict',
  500: 'A server error occurred.',
  502: 'Error connecting to server.',
};
export const NO_STATUS_MESSAGE = 'Unable to determine status of this action';
export const NETWORK_ERROR_MESSAGE = 'Network Error';
export const SUCCESS_MESSAGE = 'Success!';
export const NOT_FOUND_PAGE_MESSAGE = 'Page not found or something is missing.';
export const ACCESS_DENIED_MESSAGE = 'You are not authorized to view this page.';

/** application/problem+json body (RFC 9457) as every service answers errors. */
export interface Problem {
  type?: string;
  status: number;
  title: string;
  detail?: string;
  /** Field name to message, for 400s about particular fields. */
  params?: Record<string, string>;
}
