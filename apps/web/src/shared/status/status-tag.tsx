import { Tag } from 'antd';
import {
  ACTIVE_WITH_FUTURE_TERMINATION,
  displayStatusCode,
  statusLabel,
  type StatusWording,
} from '@pillar/domain';

// Dark text on light fills: antd's preset tag colours fall under WCAG AA contrast at tag size.
const STYLES: Record<number, { color: string; background: string; border: string }> = {
  1: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  2: { color: '#873800', background: '#fff7e6', border: '#ffd591' },
  9: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  [ACTIVE_WITH_FUTURE_TERMINATION]: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
};
const UNKNOWN = { color: '#434343', background: '#fafafa', border: '#d9d9d9' };

export interface StatusTagProps {
  /** Process status code: 1 Active, 2 Pending Termination, 9 Terminated. */
  status: number;
  /** A terminated record expiring in the future shows 'Active with future termination'. */
  expirationDate?: string | null;
  /** The screens' wording of that label: spec 1's unless told; the agent screens pass 'agent'. */
  wording?: StatusWording;
}

export function StatusTag({ status, expirationDate, wording }: StatusTagProps) {
  const style = STYLES[displayStatusCode(status, expirationDate)] ?? UNKNOWN;
  return (
    <Tag
      style={{ color: style.color, background: style.background, borderColor: style.border }}
      variant="outlined"
    >
      {statusLabel(status, expirationDate, undefined, wording)}
    </Tag>
  );
}
