import { Card, Checkbox, Empty, Spin } from 'antd';
import type { ReviewListProps } from './reviewListProps';
import { SampleFacts } from './SampleFacts';
import { SampleTests } from './SampleTests';

/** The review lists on a phone: a card per sample, its selection box, its tests as stacked lines with their moves, and the sample's moves. */
export function ReviewCards({ rows, loading, emptyText, selection, lineActions, sampleActions, note }: ReviewListProps) {
  if (loading && !rows.length) return <Spin className="clin-loading" />;
  if (!rows.length) return <Empty description={emptyText} />;
  const toggle = (id: number, on: boolean) => selection?.onSelect(on ? [...selection.selected, id] : selection.selected.filter((k) => k !== id));
  return (
    <div className="clin-cards">
      {rows.map((s) => (
        <Card key={s.id} size="small" className="clin-card rv-card">
          <div className="clin-card__head">
            {selection && (
              <Checkbox
                checked={selection.selected.includes(s.id)}
                disabled={selection.disabled(s)}
                onChange={(e) => toggle(s.id, e.target.checked)}
                aria-label={s.barcode}
              />
            )}
            <SampleFacts sample={s} />
          </div>
          <SampleTests tests={s.tests} sampleStatus={s.status} actions={lineActions && ((line) => lineActions(line, s))} />
          {note?.(s)}
          <div className="clin-actions">{sampleActions(s)}</div>
        </Card>
      ))}
    </div>
  );
}
