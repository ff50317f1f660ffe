/** An instant's calendar day where the user is, as MM/DD/YYYY (spec 3 §9). */
export function formatDay(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}
