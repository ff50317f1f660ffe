import { Empty, Skeleton } from 'antd';
import { MEMBER_DETAIL_TEXT } from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { AorCard, useAors, type AorLookup } from '../../../entities/plan-info/index.ts';

/**
 * Appointment of Representative (spec 2 §2 left column): the newest signature, as the AOR list
 * in the main area shows it; 'No data available' when none (or the identifiers are missing).
 */
export function AorSummaryCard(lookup: AorLookup) {
  const aors = useAors(lookup);
  const newest = aors.data?.[0];
  return (
    <PanelCard block="agent-panel" title="Appointment of Representative">
      {aors.isLoading ? (
        <Skeleton active aria-label="Loading the appointment of representative" />
      ) : newest ? (
        <AorCard aor={newest} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={MEMBER_DETAIL_TEXT.noDataAvailable}
        />
      )}
    </PanelCard>
  );
}
