import { Tag } from 'antd';
import type { ImportRunStatus } from '@pillar/domain';
import { RUN_STATUS_LABELS } from '../run-rules.ts';

// Dark text on light fills (the status tags' AA colours): antd's presets fall under AA at tag size.
const STYLES: Record<ImportRunStatus, { color: string; background: string; border: string }> = {
  queued: { color: '#434343', background: '#fafafa', border: '#d9d9d9' },
  reading: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
  previewed: { color: '#873800', background: '#fff7e6', border: '#ffd591' },
  applying: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
  applied: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  failed: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  cancelled: { color: '#434343', background: '#fafafa', border: '#d9d9d9' },
};

/** An import run's status as a tag: Queued, Reading, Previewed, Applying, Applied, Failed. */
export function ImportRunStatusTag({ status }: { status: ImportRunStatus }) {
  const style = STYLES[status];
  return (
    <Tag style={{ color: style.color, background: style.background, borderColor: style.border }}>
      {RUN_STATUS_LABELS[status]}
    </Tag>
  );
}
