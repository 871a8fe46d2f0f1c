import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { FormDrawer } from './FormDrawer';
import { ListToolbar, type ViewMode } from './ListToolbar';
import { Pager } from '../../shared/list/Pager';
import { usePage } from './queries';
import { ResourceCards } from './ResourceCards';
import { ResourceTable } from './ResourceTable';
import type { ResourceConfig, Row } from './types';
import { useListState } from './useListState';

interface Props {
  config: ResourceConfig;
  /** The add button (default shown). */
  canCreate?: boolean;
  /** Open the add form at once. */
  startCreating?: boolean;
}

/**
 * A whole resource on one panel: toolbar, table or cards, pager, and the
 * create / edit drawer. Phones start in the grid view; the switch keeps the
 * choice for this panel.
 */
export function ResourcePanel({ config, canCreate = true, startCreating = false }: Props) {
  const list = useListState(config.initialFilters);
  const { data, isFetching, error } = usePage(config.path, list.params);
  const phone = !useMediaQuery(TABLET_UP);
  const [chosenView, setView] = useState<ViewMode | null>(null);
  const view = chosenView ?? (phone ? 'grid' : 'table');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: Row | null }>({ open: startCreating && canCreate, editing: null });
  const edit = (row: Row) => setDrawer({ open: true, editing: row });

  // A page that no longer exists (rows went away under a filter) starts over at page 0.
  const { setPageIndex } = list;
  useEffect(() => {
    if (error instanceof ApiError && error.fieldErrors?.page) setPageIndex(0);
  }, [error, setPageIndex]);

  // Filters marked `seedsForm` (the programme of the catalogue, the tier level) fill a new record's form.
  const seeded = Object.fromEntries(
    (config.filters ?? []).filter((f) => f.seedsForm && list.params.filters[f.name] != null).map((f) => [f.name, list.params.filters[f.name]]),
  );
  const rows = data?.results ?? [];
  return (
    <div className="res-panel">
      <ListToolbar
        list={list}
        filters={config.filters ?? []}
        searchable={config.searchable !== false}
        view={view}
        onView={setView}
        onAdd={canCreate ? () => setDrawer({ open: true, editing: null }) : undefined}
      />
      {view === 'table' ? (
        <ResourceTable config={config} rows={rows} loading={isFetching} ordering={list.params.ordering} onOrdering={list.setOrdering} onEdit={edit} />
      ) : (
        <ResourceCards config={config} rows={rows} loading={isFetching} onEdit={edit} />
      )}
      <Pager
        pageIndex={list.params.pageIndex}
        pageSize={list.params.pageSize}
        total={data?.count ?? 0}
        compact={phone}
        onPage={setPageIndex}
        onPageSize={list.setPageSize}
      />
      <FormDrawer config={config} seeded={seeded} open={drawer.open} editing={drawer.editing} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </div>
  );
}
