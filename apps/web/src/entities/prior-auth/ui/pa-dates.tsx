import { formatDate, paDateCell, type PaCase } from '@pillar/domain';

/** The row's date: a terminal status's end date, any other's coverage period (spec 2 §4). */
export function PaDates({ paCase }: { paCase: PaCase }) {
  const cell = paDateCell(paCase);
  if (cell.kind === 'endDate') {
    return <span>End Date: {cell.date ? formatDate(cell.date) : '—'}</span>;
  }
  if (!cell.start && !cell.end) return <span>Coverage: —</span>;
  return (
    <span>
      Coverage: {formatDate(cell.start) || '—'} – {formatDate(cell.end) || '—'}
    </span>
  );
}
