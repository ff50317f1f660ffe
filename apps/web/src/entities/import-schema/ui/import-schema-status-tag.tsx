import { Tag } from 'antd';
import { processStatusLabel } from '@pillar/domain';

// Dark text on light fills, as the other status tags: antd's presets fall under AA at tag size.
const STYLES: Record<number, { color: string; background: string; border: string }> = {
  0: { color: '#434343', background: '#fafafa', border: '#d9d9d9' },
  1: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  9: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
};

/** A schema's or configuration's process status: Inactive (0), Active (1), Disabled (9). */
export function ImportSchemaStatusTag({ status }: { status: number }) {
  const style = STYLES[status] ?? STYLES[0]!;
  return (
    <Tag
      variant="outlined"
      style={{ color: style.color, background: style.background, borderColor: style.border }}
    >
      {processStatusLabel(status)}
    </Tag>
  );
}
