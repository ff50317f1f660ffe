import { WarningOutlined } from '@ant-design/icons';
import { daysRemaining, formatDate } from '@pillar/domain';
import { useSessionSettings } from '../../entities/user/index.ts';
import { useClaims } from '../../shared/permissions/user-access.ts';
import './access-end-banner.css';

/**
 * Spec 2 §1: access to this portal ends on a fixed date (one for internal users, one for
 * everyone else), counted down in days rounded up, with a link to the newer portal. Shown until
 * the last day is over; the dates and the link are configured on the server. Plain elements, as
 * the rest of the shell, to keep the first page light.
 */
export function AccessEndBanner() {
  const claims = useClaims();
  const { data } = useSessionSettings();
  if (!data?.accessEnd.enabled) return null;
  const { internal, external, newerPortalUrl, newerPortalName } = data.accessEnd;
  const lastDay = claims.userType === 'i' ? internal : external;
  const days = daysRemaining(lastDay, new Date());
  if (days <= 0) return null;
  return (
    <div className="access-end-banner" role="status">
      <WarningOutlined aria-hidden className="access-end-banner__icon" />
      <p>
        Your access to this portal ends on {formatDate(lastDay)} ({days}{' '}
        {days === 1 ? 'day' : 'days'} remaining).
        {newerPortalUrl && (
          <>
            {' '}
            Please use <a href={newerPortalUrl}>{newerPortalName}</a> instead.
          </>
        )}
      </p>
    </div>
  );
}
