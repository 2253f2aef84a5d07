import { useCallback, useState } from 'react';
import { App } from '@site/antd-kit';

export interface ListDialog<V> {
  /** What the dialog edits or shows; null while it is closed (the page renders the dialog only while it is open). */
  value: V | null;
  open: (value: V) => void;
  close: () => void;
  /** After its save: closes it, refreshes the list (and what else the write changes), says `done` when given. */
  saved: (done?: string) => void;
}

/** One dialog or drawer of a list page: which record it is open for, and the two ways it ends. */
export function useListDialog<V>(list: { refresh: () => Promise<void> }): ListDialog<V> {
  const { message } = App.useApp();
  const [value, setValue] = useState<V | null>(null);
  const { refresh } = list;
  // Stable across the page's renders: a dialog may hold them in its effects' dependencies.
  const close = useCallback(() => setValue(null), []);
  const saved = useCallback(
    (done?: string) => {
      setValue(null);
      void refresh();
      if (done) void message.success(done);
    },
    [refresh, message],
  );
  return { value, open: setValue, close, saved };
}
