import { Empty } from 'antd';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

/**
 * A marked place on the member detail for a block another part of the agent desktop supplies
 * (its entity's ui/ block), or for what comes with a later issue (the call notes, issue 13).
 */
export function DetailSlot({ title, note }: { title: string; note: string }) {
  return (
    <PanelCard block="agent-panel" title={title}>
      <SlotText note={note} />
    </PanelCard>
  );
}

/** The same inside a tab, without its own card. */
export function SlotText({ note }: { note: string }) {
  return (
    <div className="agent-slot" data-slot={note}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={note} />
    </div>
  );
}
