import { formatDate } from '@pillar/domain';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as MM/DD/YYYY h:mm AM in the agent's time zone; '' when there is none. */
export function formatIssueDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const day = formatDate(
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
  );
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${hour12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Who a note is about: the dependent, else the member; '—' for a note without a member. */
export function issueSubjectName(issue: {
  employeeName: string | null;
  dependentName: string | null;
}): string {
  return issue.dependentName ?? issue.employeeName ?? '—';
}
