import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import './agent-layout.css';
import { CallNotesRegion } from './call-notes-region.tsx';

/**
 * The member-not-found page (spec 2 §2): the caller could not be matched to a member, so the
 * call's notes are recorded under 'Organization Not Found'.
 */
export default function MemberNotFoundPage() {
  usePageTitle('Member Not Found');
  return (
    <section className="page agent-member-not-found">
      <Typography.Title level={1}>Member Not Found</Typography.Title>
      <div className="agent-layout">
        <div className="agent-layout__main">
          <p>
            The caller could not be matched to a member of any organization you may see. Record the
            call in the notes: they are filed under Organization Not Found, so the call is not lost.
          </p>
          <p>
            If the caller can give more details (a member ID from their card, their organization, or
            their birth date), search again.
          </p>
          <Link to="/agent">
            <Button type="primary">Back to Find Member</Button>
          </Link>
        </div>
        <CallNotesRegion subject={{ mode: 'notFound' }} />
      </div>
    </section>
  );
}
