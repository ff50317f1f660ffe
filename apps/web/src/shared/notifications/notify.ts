import { type notification } from 'antd';
import {
  NETWORK_ERROR_MESSAGE,
  NO_STATUS_MESSAGE,
  STATUS_MESSAGES,
  SUCCESS_MESSAGE,
} from '@pillar/domain';
import { isApiError } from '../api/api-error.ts';

type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

let api: NotificationInstance | null = null;

/**
 * The app shell hands over a context-bound antd notification API, so notifications follow the
 * theme; calls made before that (none in practice) are dropped rather than crash.
 */
export function setNotificationApi(instance: NotificationInstance | null): void {
  api = instance;
}

export interface ErrorNotice {
  description: string;
  /** Seconds; false keeps the notice open until closed. */
  duration: number | false;
  /** Unlisted failures are logged so they can be diagnosed from the console. */
  log: boolean;
}

/** The error catalogue (spec 1 §8, spec 2 §8): what a failure tells the user. */
export function describeError(error: unknown): ErrorNotice {
  if (isApiError(error)) {
    const status = error.status;
    if (!status) return { description: NO_STATUS_MESSAGE, duration: 3, log: false };
    // A 400 carries the server's own explanation, which the user needs to fix the input.
    if (status === 400) {
      return {
        description: error.detail || error.title || (STATUS_MESSAGES[400] as string),
        duration: false,
        log: false,
      };
    }
    // A state conflict says which state stands in the way (decision 0073): the server's detail,
    // open until closed like a 400's; the catalogue's words only when the server gave none.
    if (status === 409 && error.detail) {
      return { description: error.detail, duration: false, log: false };
    }
    const message = STATUS_MESSAGES[status];
    if (message) return { description: message, duration: 4.5, log: false };
  }
  return { description: NETWORK_ERROR_MESSAGE, duration: 4.5, log: true };
}

export function notifyError(error: unknown, title = 'Error'): void {
  const notice = describeError(error);
  if (notice.log) console.error(`${title} failed`, error);
  api?.error({ title, description: notice.description, duration: notice.duration });
}

/**
 * 'Success!' for 3 seconds, titled with the action that succeeded; a description replaces
 * 'Success!' where the spec gives the success its own words ('{email} has been unlocked').
 */
export function notifySuccess(title?: string, description?: string): void {
  api?.success({
    title: title ?? SUCCESS_MESSAGE,
    description: description ?? (title ? SUCCESS_MESSAGE : undefined),
    duration: 3,
  });
}

/** An error in the spec's own words for one call, where the catalogue's generic text would mislead. */
export function notifyErrorMessage(title: string, description: string): void {
  api?.error({ title, description, duration: false });
}
