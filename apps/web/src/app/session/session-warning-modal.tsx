import { Button, Modal } from 'antd';

export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface SessionWarningModalProps {
  open: boolean;
  remainingMs: number;
  onContinue: () => void;
}

/** The inactivity warning of spec 2 §4 "Session". */
export default function SessionWarningModal({
  open,
  remainingMs,
  onContinue,
}: SessionWarningModalProps) {
  return (
    <Modal
      open={open}
      title="Are you still there?"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onContinue}>
          Continue
        </Button>
      }
    >
      <p>You will soon be logged out due to inactivity.</p>
      <p>Move your mouse to continue.</p>
      <p className="session-countdown" role="timer" aria-label="Time left before logout">
        {formatCountdown(remainingMs)}
      </p>
    </Modal>
  );
}
