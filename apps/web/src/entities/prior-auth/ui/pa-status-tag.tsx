import { Tag } from 'antd';
import { paBadgeColor, type PaBadgeColor, type PaStatus } from '@pillar/domain';

/**
 * The spec's badge colours as dark text on a light fill: antd's preset tag colours fall under
 * WCAG AA contrast at tag size (its green is 3.4:1), as the other status tags note.
 */
const TAG_STYLES: Record<PaBadgeColor, { color: string; background: string; border: string }> = {
  blue: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
  green: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  red: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  grey: { color: '#434343', background: '#fafafa', border: '#d9d9d9' },
};

/** A PA status as its badge (spec 2 §4); data-badge names the colour. */
export function PaStatusTag({ status }: { status: PaStatus }) {
  const color = paBadgeColor(status);
  const style = TAG_STYLES[color];
  return (
    <Tag
      variant="outlined"
      data-badge={color}
      style={{ color: style.color, background: style.background, borderColor: style.border }}
    >
      {status}
    </Tag>
  );
}
