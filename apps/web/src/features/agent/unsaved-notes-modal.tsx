import { Button, Modal } from 'antd';
import { useBlocker, type Location } from 'react-router';
import { clearCallNotesDraft, isFilled, readCallNotesDraft } from './call-notes-storage.ts';

/**
 * Where a note in progress goes with the agent: the agent's member, organization and
 * member-not-found pages share the draft, so moving between them keeps it. Going home, or
 * anywhere outside the agent desktop, leaves the call behind.
 */
export function leavesTheCall(from: Location, to: Location): boolean {
  if (from.pathname === to.pathname) return false;
  const path = to.pathname.replace(/\/+$/, '');
  return path === '/agent' || !path.startsWith('/agent/');
}

/**
 * The unsaved-notes warning (spec 2 §2): leaving with a filled notes form asks first. 'Go home
 * without saving' drops the draft and goes on; 'Return to review & save notes' stays.
 */
export function UnsavedNotesModal() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isFilled(readCallNotesDraft()) && leavesTheCall(currentLocation, nextLocation),
  );
  const open = blocker.state === 'blocked';
  return (
    <Modal
      open={open}
      title="Unsaved Notes"
      closable={false}
      maskClosable={false}
      onCancel={() => blocker.reset?.()}
      footer={[
        <Button key="return" onClick={() => blocker.reset?.()}>
          Return to review &amp; save notes
        </Button>,
        <Button
          key="leave"
          danger
          type="primary"
          onClick={() => {
            clearCallNotesDraft();
            blocker.proceed?.();
          }}
        >
          Go home without saving
        </Button>,
      ]}
    >
      <p>The call notes you started are not saved. Leaving now discards them.</p>
    </Modal>
  );
}
