import { useId } from 'react';
import type { EpcRating } from '@abode/shared/listings/listing.schema';

/**
 * The energy efficiency rating bands of an Energy Performance Certificate (the GOV.UK register's graph): SAP score
 * range and colour of each band, A the most efficient. Text on each band is black or white, whichever reads better
 * on its colour (WCAG contrast of at least 4.5:1).
 */
export const EPC_BANDS: readonly { rating: EpcRating; range: string; colour: string; text: string }[] = [
  { rating: 'A', range: '92+', colour: '#008054', text: '#ffffff' },
  { rating: 'B', range: '81–91', colour: '#19b459', text: '#000000' },
  { rating: 'C', range: '69–80', colour: '#8dce46', text: '#000000' },
  { rating: 'D', range: '55–68', colour: '#ffd500', text: '#000000' },
  { rating: 'E', range: '39–54', colour: '#fcaa65', text: '#000000' },
  { rating: 'F', range: '21–38', colour: '#ef8023', text: '#000000' },
  { rating: 'G', range: '1–20', colour: '#e9153b', text: '#000000' },
];

const WIDTH = 420;
const ROW = 30;
const GAP = 4;
const HEAD = 34;
const FOOT = 26;
const BAND_MIN = 120;
const BAND_STEP = 22;
const COLUMN = 72;
const CURRENT_X = WIDTH - 2 * COLUMN;
const POTENTIAL_X = WIDTH - COLUMN;
const HEIGHT = HEAD + EPC_BANDS.length * (ROW + GAP) + FOOT;

const rowY = (index: number) => HEAD + index * (ROW + GAP);

/** An arrow pointing left at its band's row, in the column starting at `x`, with the rating in it. */
function Arrow({ rating, x, testId }: { rating: EpcRating; x: number; testId: string }) {
  const index = EPC_BANDS.findIndex((band) => band.rating === rating);
  const band = EPC_BANDS[index]!;
  const y = rowY(index);
  const left = x + 6;
  const right = x + COLUMN - 6;
  const tip = 12;
  return (
    <g data-testid={testId} data-rating={rating}>
      <polygon
        points={`${left},${y + ROW / 2} ${left + tip},${y} ${right},${y} ${right},${y + ROW} ${left + tip},${y + ROW}`}
        fill={band.colour}
      />
      <text
        x={(left + tip + right) / 2}
        y={y + ROW / 2}
        dominantBaseline="central"
        textAnchor="middle"
        fill={band.text}
        fontSize="17"
        fontWeight="700"
      >
        {rating}
      </text>
    </g>
  );
}

/**
 * The EPC's energy efficiency graph, drawn by Abode (REQ-LISTING-15) rather than copied from the certificate: the seven
 * bands A (92+) to G (1–20) in their standard colours, widening as efficiency falls, with arrows at the current
 * rating and, when the agent gave it, the potential one. One image with a text alternative naming both ratings;
 * the band letters and columns are drawn text, so it scales cleanly on any screen.
 */
export function EpcGraph({ current, potential }: { current: EpcRating; potential: EpcRating | null }) {
  const titleId = useId();
  const label = `Energy efficiency rating: current ${current}${potential ? `, potential ${potential}` : ''}. Bands run from A, most efficient (92 plus), to G, least efficient (1 to 20).`;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-lg font-sans"
      data-testid="epc-graph"
    >
      <title id={titleId}>{label}</title>
      <text x={0} y={HEAD - 12} fontSize="13" fill="currentColor">
        Very energy efficient: lower running costs
      </text>
      {(
        [
          ['Current', CURRENT_X],
          ['Potential', POTENTIAL_X],
        ] as const
      ).map(([name, x]) => (
        <text
          key={name}
          x={x + COLUMN / 2}
          y={HEAD - 12}
          fontSize="13"
          fontWeight="600"
          textAnchor="middle"
          fill="currentColor"
        >
          {name}
        </text>
      ))}
      {EPC_BANDS.map((band, index) => {
        const y = rowY(index);
        const width = BAND_MIN + index * BAND_STEP;
        return (
          <g key={band.rating}>
            <rect x={0} y={y} width={width} height={ROW} fill={band.colour} />
            <text x={8} y={y + ROW / 2} dominantBaseline="central" fontSize="13" fill={band.text}>
              {band.range}
            </text>
            <text
              x={width - 10}
              y={y + ROW / 2}
              dominantBaseline="central"
              textAnchor="end"
              fontSize="17"
              fontWeight="700"
              fill={band.text}
            >
              {band.rating}
            </text>
          </g>
        );
      })}
      {[CURRENT_X, POTENTIAL_X, WIDTH].map((x) => (
        <line
          key={x}
          x1={x - 0.5}
          x2={x - 0.5}
          y1={HEAD - 30}
          y2={HEIGHT - FOOT + 2}
          stroke="currentColor"
          strokeOpacity="0.25"
        />
      ))}
      <Arrow rating={current} x={CURRENT_X} testId="epc-current" />
      {potential && <Arrow rating={potential} x={POTENTIAL_X} testId="epc-potential" />}
      <text x={0} y={HEIGHT - 8} fontSize="13" fill="currentColor">
        Not energy efficient: higher running costs
      </text>
    </svg>
  );
}
