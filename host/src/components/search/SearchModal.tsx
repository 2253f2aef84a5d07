import { useId, useState } from 'react';
import { Modal } from '@site/antd-kit';
import { SearchPanel } from './SearchPanel';
import type { SearchQuery } from './search-target';

/**
 * The search modal (SRCH-1..12): the search panel in a dialog. Choosing a result navigates per the spec's table
 * and closes the modal; a search can be opened at its own address (/search) to share it.
 */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const titleId = useId();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={<span id={titleId}>站内搜索</span>}
      destroyOnHidden={false}
      aria-labelledby={titleId}
    >
      <SearchPanel query={query} onQuery={setQuery} onChosen={onClose} addressLink autoFocus />
    </Modal>
  );
}
