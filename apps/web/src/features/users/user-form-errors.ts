import { type FormInstance } from 'antd';
import { USER_MESSAGES, type UserWriteProblem } from '@pillar/domain';
import { ApiError, isApiError } from '../../shared/api/api-error.ts';
import { notifyError } from '../../shared/notifications/notify.ts';
import { type UserFormValues } from './user-form.tsx';

const FORM_FIELDS = [
  'type',
  'firstName',
  'lastName',
  'username',
  'phone',
  'extension',
  'roles',
  'organizations',
];

/**
 * Marks each field a problem names, in the form, once: the form's own checks before submit end
 * here, with no notice (spec 2 §8 keeps the open 'Error' notice for the server's 400; a notice
 * per click would stack up). Group problems go to the organization they concern.
 */
export function markFormProblem(
  form: FormInstance<UserFormValues>,
  problem: UserWriteProblem,
  setGroupErrors: (errors: Record<string, string>) => void,
): void {
  const fields = Object.entries(problem.params)
    .filter(([name]) => FORM_FIELDS.includes(name))
    .map(([name, message]) => ({ name: name as keyof UserFormValues, errors: [message] }));
  form.setFields(fields);
  setGroupErrors(
    Object.fromEntries(Object.entries(problem.params).filter(([name]) => name.includes('.'))),
  );
}

/**
 * A failed create or update: the server's 400s and 409s name the field; its 'Username must be unique' is
 * shown as 'Email must be unique' (spec 2 §8); every failure is a toast titled 'Error'.
 */
export function showSubmitError(
  form: FormInstance<UserFormValues>,
  error: unknown,
  setGroupErrors: (errors: Record<string, string>) => void,
): void {
  if (isApiError(error) && (error.status === 400 || error.status === 409)) {
    const renamed =
      error.detail === USER_MESSAGES.usernameTaken ? USER_MESSAGES.emailTaken : error.detail;
    const params = { ...error.params };
    if (params.username === USER_MESSAGES.usernameTaken) params.username = USER_MESSAGES.emailTaken;
    const detail = renamed ?? error.title;
    notifyError(new ApiError({ status: 400, title: 'Bad Request', detail }), 'Error');
    markFormProblem(form, { detail, params }, setGroupErrors);
    return;
  }
  notifyError(error, 'Error');
}
