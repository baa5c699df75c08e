// The dashboard's charts (Recharts, loaded only with the dashboard): what was added per day
// over the last 30 days, the most used tags and the most active members. Each chart is a
// figure with a caption, and its numbers are also there as a table for those who do not see it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useId, type ReactNode } from 'react';

export type DayCounts = { date: string; members: number; posts: number; comments: number; photos: number };
export type Ranked = { label: string; count: number };

const SERIES = [
  { key: 'members', title: 'New members per day' },
  { key: 'posts', title: 'Posts per day' },
  { key: 'comments', title: 'Comments per day' },
  { key: 'photos', title: 'Photos per day' },
] as const;

/** The tooltip in the page's colours, light or dark. */
const TOOLTIP = {
  contentStyle: { background: 'var(--bg)', color: 'var(--text)', border: '1px solid var(--line)', borderRadius: 6 },
  cursor: { fill: 'var(--surface-strong)' },
};

/**
 * A name on the ranked charts' axis, cut to what its 120 px hold on one line (about 15
 * characters), so a long one is not clipped at the chart's edge; the tooltip and the table
 * give it whole.
 */
const AXIS_CHARACTERS = 15;
const axisLabel = (label: string) => (label.length > AXIS_CHARACTERS ? `${label.slice(0, AXIS_CHARACTERS - 1).trimEnd()}…` : label);

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

function Figure({ title, total, table, children }: { title: string; total?: number; table: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId}>
          {title}
          {total !== undefined ? <span className="chart-total"> · {total.toLocaleString()} in all</span> : null}
        </h2>
      </figcaption>
      <div className="chart-area">{children}</div>
      <details>
        <summary>Show as a table</summary>
        {table}
      </details>
    </figure>
  );
}

export function DailyCharts({ days }: { days: DayCounts[] }) {
  return (
    <div className="chart-grid">
      {SERIES.map(({ key, title }) => (
        <Figure
          key={key}
          title={title}
          total={days.reduce((sum, day) => sum + day[key], 0)}
          table={
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Count</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <td>{shortDay(day.date)}</td>
                    <td>{day[key]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <ResponsiveContainer width="100%" height={180}>
            <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
              <YAxis allowDecimals={false} width={48} tickLine={false} />
              <Tooltip {...TOOLTIP} labelFormatter={(date) => shortDay(String(date))} formatter={(value) => [value, title.replace(' per day', '')]} />
              <Bar dataKey={key} fill="currentColor" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Figure>
      ))}
    </div>
  );
}

export function RankedChart({ title, rows, unit, empty }: { title: string; rows: Ranked[]; unit: string; empty: string }) {
  const titleId = useId();
  if (rows.length === 0) {
    return (
      <figure className="chart" aria-labelledby={titleId}>
        <figcaption>
          <h2 id={titleId}>{title}</h2>
        </figcaption>
        <p className="muted">{empty}</p>
      </figure>
    );
  }
  return (
    <Figure
      title={title}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <td>{row.label}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 30 + 30)}>
        <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} />
          <YAxis type="category" dataKey="label" width={120} tickLine={false} tickFormatter={axisLabel} />
          <Tooltip {...TOOLTIP} formatter={(value) => [value, unit]} />
          <Bar dataKey="count" fill="currentColor" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Figure>
  );
}
