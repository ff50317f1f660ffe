import { formatDate } from '@pillar/domain';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant's calendar day where the user is, as MM/DD/YYYY. */
export function formatLocalDate(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

/** MM/DD/YYYY h:mm AM, in the user's time zone. */
export function formatLocalDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatLocalDate(instant)} ${hour12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The address of a file's page, as a user would paste it to a colleague. */
export function fileLink(id: string, origin = window.location.origin): string {
  return `${origin}/files/${encodeURIComponent(id)}`;
}

/** Copies text, with the old execCommand path where the async clipboard is not available. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}
