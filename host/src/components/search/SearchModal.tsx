import { useId, useRef, useState, type ComponentRef } from 'react';
import { Input, Modal } from '@site/antd-kit';
import { SearchPanel } from './SearchPanel';
import type { SearchQuery } from './search-target';

/**
 * The search modal (SRCH-1..12): the search panel in a dialog. Choosing a result navigates per the spec's table
 * and closes the modal; a search can be opened at its own address (/search) to share it.
 */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const titleId = useId();
  const inputRef = useRef<ComponentRef<typeof Input.Search>>(null);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={<span id={titleId}>站内搜索</span>}
      destroyOnHidden={false}
      aria-labelledby={titleId}
      // The dialog focuses itself when it has opened; the text box takes the focus from it then (SRCH-4).
      afterOpenChange={(opened) => opened && inputRef.current?.focus()}
    >
      <SearchPanel query={query} onQuery={setQuery} onChosen={onClose} addressLink inputRef={inputRef} />
    </Modal>
  );
}
