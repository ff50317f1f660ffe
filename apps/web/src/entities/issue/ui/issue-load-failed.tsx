import { Alert } from 'antd';
import { ISSUE_MESSAGES } from '@pillar/domain';

/**
 * An issue or a list of issues that did not load: 'Unable To Load Data' with the advice, the one
 * error the drawer, the note lists and the saved note show.
 */
export function IssueLoadFailed({ className }: { className?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={ISSUE_MESSAGES.loadFailedTitle}
      description={ISSUE_MESSAGES.loadFailedAdvice}
      className={className}
    />
  );
}
