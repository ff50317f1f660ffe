import { Empty } from 'antd';

/**
 * A marked place on the member detail for what comes with a later issue: the call notes
 * (issue 13) in the Recent Notes tab.
 */
export function SlotText({ note }: { note: string }) {
  return (
    <div className="agent-slot" data-slot={note}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={note} />
    </div>
  );
}
