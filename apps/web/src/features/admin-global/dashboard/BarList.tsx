import { Empty } from 'antd';

export interface Bar {
  label: string;
  value: number;
}

/** Simple horizontal bars, longest first as given, scaled to the largest value. */
export function BarList({ bars }: { bars: Bar[] }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  if (!bars.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="bars">
      {bars.map((bar) => (
        <li key={bar.label} className="bars__row">
          <span className="bars__label">{bar.label}</span>
          <span className="bars__track" aria-hidden>
            <span className="bars__fill" style={{ width: max ? `${(bar.value / max) * 100}%` : 0 }} />
          </span>
          <span className="bars__value">{bar.value}</span>
        </li>
      ))}
    </ul>
  );
}
