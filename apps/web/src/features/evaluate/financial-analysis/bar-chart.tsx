import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  format: (value: number) => string;
}

const ROW = 26;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 110;
const WIDTH = 460;

/**
 * Horizontal bars drawn as SVG (no chart library is installed; decision 0132): one row per bar
 * with its label and value written out, so the picture reads without colour and a screen reader
 * hears every figure (the figure's description lists them). Negative values draw from the same
 * baseline in the warning colour.
 */
export function BarChart({ title, bars, format }: BarChartProps) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(ROW, bars.length * ROW) + 4;
  const description = bars.map((b) => `${b.label}: ${format(b.value)}`).join('; ');
  return (
    <figure className="bar-chart">
      <figcaption id={`${id}-title`} className="bar-chart__title">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
      >
        <desc id={`${id}-desc`}>{description || 'No data'}</desc>
        {bars.map((b, i) => {
          const w = (Math.abs(b.value) / max) * plot;
          const y = i * ROW + 2;
          return (
            <g key={b.label}>
              <text x={LABEL_WIDTH - 6} y={y + 16} textAnchor="end" fontSize="12" fill="#1f1f1f">
                {b.label.length > 22 ? `${b.label.slice(0, 21)}…` : b.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + 4}
                width={Math.max(w, 1)}
                height={ROW - 10}
                fill={b.value < 0 ? '#ad4e00' : '#1d4ed8'}
                rx="2"
              />
              <text x={LABEL_WIDTH + w + 6} y={y + 16} fontSize="12" fill="#1f1f1f">
                {format(b.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
