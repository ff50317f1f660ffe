import { Typography } from 'antd';
import { useId } from 'react';

export interface CallNotesRegionProps {
  /**
   * What a note recorded here is filed under: the member in view, the organization, or
   * 'Organization Not Found' on the member-not-found page (spec 2 §2).
   */
  subject?: string;
}

/**
 * The place of the call-notes form on the agent screens (spec 2 §2: "A notes form sits on the
 * right side"). The form itself comes with the call-notes issue; until then the region says so.
 */
export function CallNotesRegion({ subject }: CallNotesRegionProps) {
  const headingId = useId();
  return (
    <aside className="agent-notes" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId}>
        Call Notes
      </Typography.Title>
      {subject && (
        <p>
          Notes recorded here are filed under <strong>{subject}</strong>.
        </p>
      )}
      {/* call notes (issue 13): the notes form */}
      <p>Recording call notes comes with the call-notes release.</p>
    </aside>
  );
}
