import { TreeSelect } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFolders } from './api';

interface Node {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
}

/** The top level stands as folder 0 in the tree (a TreeSelect value may not be null). */
const TOP = 0;

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (folder: number | null) => void;
  /** A folder being moved: it cannot go inside itself, so it and what it holds are left out. */
  exclude?: number;
  /** The name of the folder given as value, when it is not at the top level (and so not loaded yet). */
  valueName?: string;
}

/** A folder chosen from the tree, loaded a level at a time as it opens; the top level is one of the choices. */
export function FolderPicker({ id, value, onChange, exclude, valueName }: Props) {
  const { t } = useTranslation('files');
  const [nodes, setNodes] = useState<Node[]>([{ id: TOP, pId: null, value: TOP, title: t('folder.top'), isLeaf: false }]);
  const add = useCallback(
    async (parent: number) => {
      const children = await fetchFolders(parent === TOP ? null : parent);
      setNodes((known) => {
        const ids = new Set(known.map((n) => n.id));
        const fresh = children
          .filter((f) => f.id !== exclude && !ids.has(f.id))
          .map((f) => ({ id: f.id, pId: parent, value: f.id, title: f.name, isLeaf: f.folders_count === 0 }));
        return [...known, ...fresh];
      });
    },
    [exclude],
  );
  useEffect(() => {
    void add(TOP).catch(() => undefined);
  }, [add]);
  const shown =
    value != null && valueName && !nodes.some((n) => n.id === value) ? [...nodes, { id: value, pId: TOP, value, title: valueName, isLeaf: true }] : nodes;
  return (
    <TreeSelect<number>
      id={id}
      className="files-picker"
      treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
      treeData={shown}
      value={value ?? TOP}
      onChange={(v) => onChange?.(v === TOP || v == null ? null : v)}
      loadData={(node) => add(node.value as number)}
      treeDefaultExpandedKeys={[TOP]}
      showSearch={false}
      popupMatchSelectWidth
      aria-label={t('folder.choose')}
    />
  );
}
