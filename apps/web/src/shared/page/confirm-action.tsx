import { Modal } from 'antd';
import { useCallback, type ReactNode } from 'react';

export interface ConfirmedAction {
  /** The question, e.g. 'Terminate this member?' */
  title: string;
  /** What the action changes or that it cannot be undone. */
  content: ReactNode;
  /** The action's own name, on the button that does it (never a bare 'Yes' or 'OK'). */
  action: string;
  danger?: boolean;
}

/**
 * The one confirmation of the member and dependent pages (decision 0078): every action that
 * changes coverage (terminate, reinstate, change or remove a termination, change the group) asks
 * in a modal whose button names the action; Cancel leaves everything as it was. Render the
 * holder once in the component.
 */
export function useConfirmAction(): [(action: ConfirmedAction) => Promise<boolean>, ReactNode] {
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    ({ title, content, action, danger }: ConfirmedAction) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText: action,
          okButtonProps: danger ? { danger: true } : undefined,
          cancelText: 'Cancel',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
  return [confirm, holder];
}
