import { useId, useRef, useState, type ComponentRef } from 'react';
import { Input, Modal } from '@site/antd-kit';
import { SearchPanel, type SearchText } from './SearchPanel';
import type { SearchQuery } from './search-target';

/**
 * The search modal (SRCH-1..12): the search panel in a dialog. Choosing a result navigates per the spec's table
 * and closes the modal; a search can be opened at its own address (/search) to share it. `takeDraft` gives what the
 * visitor typed after 搜索 and before the box had the focus (the header's field): the box starts from it.
 */
export default function SearchModal({ open, onClose, takeDraft }: { open: boolean; onClose: () => void; takeDraft?: () => string }) {
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const titleId = useId();
  const inputRef = useRef<ComponentRef<typeof Input.Search>>(null);
  const textRef = useRef<SearchText>(null);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={<span id={titleId}>站内搜索</span>}
      destroyOnHidden={false}
      aria-labelledby={titleId}
      // The dialog focuses itself when it has opened; the text box takes the focus from it then (SRCH-4), with what was
      // typed meanwhile in the header's field (in the same task: no key falls between the two).
      afterOpenChange={(opened) => {
        if (!opened) return;
        const early = takeDraft?.() ?? '';
        if (early) textRef.current?.setText(early);
        inputRef.current?.focus();
      }}
    >
      <SearchPanel query={query} onQuery={setQuery} onChosen={onClose} addressLink inputRef={inputRef} textRef={textRef} />
    </Modal>
  );
}
