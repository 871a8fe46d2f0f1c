import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';

/** A tab's search box: typed freely, applied on Enter or the button, cleared at once when emptied. */
export function SearchField({ label, onSearch }: { label: string; onSearch: (search: string | undefined) => void }) {
  const [search, setSearch] = useState('');
  return (
    <Input.Search
      allowClear
      prefix={<SearchOutlined />}
      className="cons-search"
      placeholder={label}
      aria-label={label}
      value={search}
      onChange={(e) => {
        setSearch(e.target.value);
        if (!e.target.value) onSearch(undefined);
      }}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}
