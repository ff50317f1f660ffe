import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { describeError } from './notify.ts';

const problem = (status: number, detail?: string) =>
  new ApiError({ status, title: 'Bad Request', detail });

describe('error catalogue', () => {
  it("shows a 400's own detail and keeps it open", () => {
    expect(describeError(problem(400, 'Name is required'))).toEqual({
      description: 'Name is required',
      duration: false,
      log: false,
    });
    expect(describeError(problem(400)).description).toBe('Bad Request');
  });

  it("shows a 409's own detail, the state that stands in the way, and keeps it open", () => {
    expect(describeError(problem(409, 'The member is not terminated.'))).toEqual({
      description: 'The member is not terminated.',
      duration: false,
      log: false,
    });
  });

  it.each([
    [401, 'User is unauthorized to perform this action.'],
    [403, 'User is unauthorized to perform this action.'],
    [404, 'This resource does not exist.'],
    [409, 'This resource has a conflict'],
    [500, 'A server error occurred.'],
    [502, 'Error connecting to server.'],
  ])('maps %i to the catalogue message', (status, message) => {
    expect(describeError(problem(status)).description).toBe(message);
  });

  it('says when there is no status, for 3 seconds', () => {
    expect(describeError(problem(0))).toMatchObject({
      description: 'Unable to determine status of this action',
      duration: 3,
    });
  });

  it('logs anything else as a network error', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatchObject({
      description: 'Network Error',
      log: true,
    });
    expect(describeError(problem(418)).description).toBe('Network Error');
  });
});
