import { Alert } from 'antd';
import { PA_UNAVAILABLE_MESSAGE } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/notifications/notify.ts';

/**
 * A failed PA lookup: an unreachable PA system (502) shows the technical-difficulties message
 * (spec 2 §8 "PA failure"), anything else the error catalogue's text.
 */
export function PaLoadError({ error, what }: { error: unknown; what: string }) {
  if (hasStatus(error, 502)) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title="Prior authorizations are unavailable"
        description={PA_UNAVAILABLE_MESSAGE}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={`${what} could not be loaded.`}
      description={describeError(error).description}
    />
  );
}
