import { Table, type TableProps } from '@site/antd-kit';
import { useSettings, type TableSize } from '../store/settings';

/** antd 6's names for the settings' sizes: its default table is 'large', and 'middle' is now called 'medium'. */
export function antdTableSize(size: TableSize): 'large' | 'medium' | 'small' {
  if (size === 'default') return 'large';
  return size === 'middle' ? 'medium' : 'small';
}

/** Every table of the shell: size and borders follow the settings drawer (SET-9, SET-10). */
export function ShellTable<T extends object>(props: TableProps<T>) {
  const { tableSize, tableBordered } = useSettings();
  return (
    <div className={`shell-table shell-table-${tableSize}`}>
      <Table<T> size={antdTableSize(tableSize)} bordered={tableBordered} {...props} />
    </div>
  );
}
