import { Typography } from 'antd';
import { useId } from 'react';
import { ORGANIZATION_NOT_FOUND } from '@pillar/domain';
import { type PaMemberRecord } from '../../entities/prior-auth/index.ts';
import './agent-layout.css';
import './call-notes.css';
import { CallNotesForm } from './call-notes-form.tsx';
import { type CallNotesSubject } from './call-notes-rules.ts';
import { UnsavedNotesModal } from './unsaved-notes-modal.tsx';

export type { CallNotesSubject } from './call-notes-rules.ts';

export interface CallNotesRegionProps {
  /**
   * What a note recorded here is filed under: the member in view, the organization, 'Organization
   * Not Found' on the member-not-found page, or nothing yet while the agent searches (spec 2 §2).
   */
  subject: CallNotesSubject;
  /** The member is still loading: the form waits. */
  loading?: boolean;
  /** The member as the PA system knows them (the EOC select). */
  paMember?: PaMemberRecord | null;
}

function filedUnder(subject: CallNotesSubject): string | null {
  switch (subject.mode) {
    case 'member':
    case 'organization':
      return subject.name;
    case 'notFound':
      return ORGANIZATION_NOT_FOUND;
    default:
      return null;
  }
}

/**
 * The call-notes region on the right of the agent screens (spec 2 §2: "A notes form sits on the
 * right side"): the notes form, and the unsaved-notes warning when the agent leaves with a note
 * in progress.
 */
export function CallNotesRegion({ subject, loading, paMember }: CallNotesRegionProps) {
  const headingId = useId();
  const under = filedUnder(subject);
  return (
    <aside className="agent-notes" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId}>
        Call Notes
      </Typography.Title>
      <p className="agent-notes__subject">
        {under ? (
          <>
            Notes recorded here are filed under <strong>{under}</strong>.
          </>
        ) : (
          'Find the member to save the note; what you type is kept while you search.'
        )}
      </p>
      <CallNotesForm subject={subject} loading={loading} paMember={paMember} />
      <UnsavedNotesModal />
    </aside>
  );
}
